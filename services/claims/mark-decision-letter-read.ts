import type { Claimant } from '@contracts/claims/events';
import type { CommandContext } from '../shared/command-context';
import { decideClaim } from './decide-claim';
import { type ClaimCommandResult, handleClaimCommand } from './handle-claim-command';
import type { ClaimPorts } from './ports';

/**
 * The claimant opened the claim's details: the red dot goes. Anyone else: not found.
 * Commutes with every other write: a lost race reads again (and may find it read already).
 */
export function markDecisionLetterRead(
  ports: Pick<ClaimPorts, 'eventStore'>,
  input: { readonly submissionId: string },
  claimant: Claimant,
  context: CommandContext,
): Promise<ClaimCommandResult> {
  const command = {
    type: 'MarkDecisionLetterRead',
    data: { submissionId: input.submissionId, customerId: claimant.customerId },
  } as const;
  return handleClaimCommand(
    ports.eventStore,
    input.submissionId,
    (stream) => decideClaim(command, stream.state, { now: context.now }),
    context,
  );
}
