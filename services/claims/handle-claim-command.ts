import type { ClaimCommand } from '@contracts/claims/commands';
import {
  CLAIM_EVENT_SCHEMA_VERSIONS,
  claimStreamId,
  upcastClaimEvent,
} from '@contracts/claims/events';
import { ConflictError } from '@contracts/errors';
import type { EventStore, LogPosition } from '@contracts/event-store';
import { type CommandContext, toNewEvents } from '../shared/command-context';
import { type Claim, evolveClaim, initialClaim } from './claim';
import { decideClaim } from './decide-claim';

export interface ClaimCommandResult {
  readonly claim: Claim;
  /** Where the command's last event sits in the global log; read models are current once past it. */
  readonly position: LogPosition | undefined;
  /** False when the command had already been handled (a retry) or decided nothing. */
  readonly appended: boolean;
}

/** Read the claim's stream, decide, append with the revision that was read. */
export async function handleClaimCommand(
  eventStore: EventStore,
  submissionId: string,
  command: ClaimCommand,
  context: CommandContext,
): Promise<ClaimCommandResult> {
  const streamId = claimStreamId(submissionId);
  const recorded = await eventStore.readStream(streamId);
  const state = recorded.map(upcastClaimEvent).reduce(evolveClaim, initialClaim());

  const earlierAttempt = recorded.filter((e) => e.metadata.causationId === context.commandId);
  if (earlierAttempt.length > 0) {
    if (earlierAttempt.some((e) => e.metadata.actor.id !== context.actor.id)) {
      throw new ConflictError(`Command ${context.commandId} was sent by someone else`);
    }
    return { claim: state, position: earlierAttempt.at(-1)?.position, appended: false };
  }

  const events = decideClaim(command, state, { now: context.now });
  if (events.length === 0) return { claim: state, position: undefined, appended: false };
  const result = await eventStore.append(
    streamId,
    toNewEvents(events, context, CLAIM_EVENT_SCHEMA_VERSIONS),
    { expectedRevision: recorded.length === 0 ? 'no_stream' : BigInt(recorded.length - 1) },
  );
  return { claim: events.reduce(evolveClaim, state), position: result.position, appended: true };
}
