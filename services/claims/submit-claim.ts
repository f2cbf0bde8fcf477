import { createHash } from 'node:crypto';
import type { Claimant } from '@contracts/claims/events';
import type { SubmitClaimRequest } from '@contracts/claims/submit-claim-request';
import type { EventStore, LogPosition } from '@contracts/event-store';
import type { CommandContext } from '../shared/command-context';
import { handleClaimCommand } from './handle-claim-command';

export interface SubmittedClaim {
  readonly submissionId: string;
  readonly confirmationNumber: string;
  readonly position: LogPosition | undefined;
  readonly appended: boolean;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Ten Crockford base-32 characters (50 bits) from the submission id: a retry gets the
 * same number, and a clash is negligible well past millions of claims.
 */
export function confirmationNumberFor(submissionId: string): string {
  const digest = createHash('sha256').update(submissionId).digest();
  let bits = 0n;
  for (const byte of digest.subarray(0, 7)) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let i = 0; i < 10; i += 1) {
    out += CROCKFORD[Number(bits & 31n)];
    bits >>= 5n;
  }
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** The submission id is the command id, so a retried submission lands on the same stream. */
export async function submitClaim(
  eventStore: EventStore,
  request: SubmitClaimRequest,
  claimant: Claimant,
  context: CommandContext,
): Promise<SubmittedClaim> {
  const submissionId = context.commandId;
  const confirmationNumber = confirmationNumberFor(submissionId);
  const { position, appended } = await handleClaimCommand(
    eventStore,
    submissionId,
    { type: 'SubmitClaim', data: { ...request, submissionId, confirmationNumber, claimant } },
    context,
  );
  return { submissionId, confirmationNumber, position, appended };
}
