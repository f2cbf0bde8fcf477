import type { ClaimCommand } from '@contracts/claims/commands';
import type { EventStore, LogPosition } from '@contracts/event-store';
import type { CommandContext } from '../shared/command-context';
import { type Claim, evolveClaim } from './claim';
import { appendClaimEvents, earlierAttempt, readClaimStream } from './claim-stream';
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
  const stream = await readClaimStream(eventStore, submissionId);
  const earlier = earlierAttempt(stream, context);
  if (earlier) return { claim: stream.state, position: earlier.position, appended: false };

  const events = decideClaim(command, stream.state, { now: context.now });
  if (events.length === 0) return { claim: stream.state, position: undefined, appended: false };
  const result = await appendClaimEvents(eventStore, stream, events, context);
  return {
    claim: events.reduce(evolveClaim, stream.state),
    position: result.position,
    appended: true,
  };
}
