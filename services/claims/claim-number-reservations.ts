import {
  CLAIM_NUMBER_EVENT_SCHEMA_VERSIONS,
  claimNumberStreamId,
  upcastClaimNumberEvent,
} from '@contracts/claims/claim-number-events';
import type { ClaimNumberCommand } from '@contracts/claims/commands';
import { ConflictError } from '@contracts/errors';
import { type EventStore, WrongExpectedRevisionError } from '@contracts/event-store';
import { type CommandContext, toNewEvents } from '../shared/command-context';
import { derivedCommandId } from '../shared/event-ids';
import {
  CLAIM_NUMBER_TAKEN,
  CLAIM_NUMBER_TAKEN_FIELD,
  decideClaimNumber,
  evolveClaimNumber,
  initialClaimNumber,
} from './claim-number';

const ATTEMPTS = 3;

/**
 * Decides on the number's stream and appends at the revision read. Losing a race re-reads:
 * the winner now holds the number, so the decider refuses with 'Claim number already exists'.
 * Returns whether this call appended anything.
 */
async function handleClaimNumberCommand(
  eventStore: EventStore,
  command: ClaimNumberCommand,
  context: CommandContext,
): Promise<boolean> {
  const streamId = claimNumberStreamId(command.data.claimNumber);
  for (let attempt = 1; ; attempt += 1) {
    const recorded = await eventStore.readStream(streamId);
    const state = recorded
      .map(upcastClaimNumberEvent)
      .reduce(evolveClaimNumber, initialClaimNumber());
    const events = decideClaimNumber(command, state);
    if (events.length === 0) return false;
    // The revision is part of the ids: reserving again after a release is a new event, not a retry.
    const revision = recorded.length - 1;
    const seed = derivedCommandId(context.commandId, `${command.type}:${streamId}:${revision}`);
    try {
      await eventStore.append(
        streamId,
        toNewEvents(events, context, CLAIM_NUMBER_EVENT_SCHEMA_VERSIONS, seed),
        { expectedRevision: revision < 0 ? 'no_stream' : BigInt(revision) },
      );
      return true;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt < ATTEMPTS) continue;
      throw command.type === 'ReserveClaimNumber'
        ? new ConflictError(CLAIM_NUMBER_TAKEN, [CLAIM_NUMBER_TAKEN_FIELD])
        : error;
    }
  }
}

/** True when this call reserved the number; false when the claim already held it. */
export function reserveClaimNumber(
  eventStore: EventStore,
  claimNumber: string,
  submissionId: string,
  context: CommandContext,
): Promise<boolean> {
  return handleClaimNumberCommand(
    eventStore,
    { type: 'ReserveClaimNumber', data: { claimNumber, submissionId } },
    context,
  );
}

export function releaseClaimNumber(
  eventStore: EventStore,
  claimNumber: string,
  submissionId: string,
  context: CommandContext,
): Promise<boolean> {
  return handleClaimNumberCommand(
    eventStore,
    { type: 'ReleaseClaimNumber', data: { claimNumber, submissionId } },
    context,
  );
}
