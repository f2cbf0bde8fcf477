import type { ClaimEvent } from '@contracts/claims/events';
import {
  CLAIM_EVENT_SCHEMA_VERSIONS,
  claimStreamId,
  upcastClaimEvent,
} from '@contracts/claims/events';
import { ConflictError } from '@contracts/errors';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '@contracts/event-store';
import { type CommandContext, toNewEvents } from '../shared/command-context';
import { derivedCommandId } from '../shared/event-ids';
import { type Claim, evolveClaim, initialClaim } from './claim';
import { createStreamCache } from './claim-stream-cache';

export interface ClaimStream {
  readonly submissionId: string;
  readonly streamId: string;
  readonly recorded: readonly RecordedEvent[];
  readonly state: Claim;
  readonly expectedRevision: ExpectedRevision;
  /** Positions in `recorded` of each command's events (see CachedStream.byCommand). */
  readonly byCommand: ReadonlyMap<string, readonly number[]>;
  /**
   * Answered from this process's own last append, without a read (`trustAppended`): the
   * stream may have moved on elsewhere, so only an append at its next revision confirms a
   * decision taken on it.
   */
  readonly appendedHere: boolean;
}

export async function readClaimStream(
  eventStore: EventStore,
  submissionId: string,
  options: { readonly trustAppended?: boolean } = {},
): Promise<ClaimStream> {
  const streamId = claimStreamId(submissionId);
  const { recorded, state, byCommand, appendedHere } = await claimStreams.read(
    eventStore,
    streamId,
    options,
  );
  return {
    submissionId,
    streamId,
    recorded,
    state,
    byCommand,
    appendedHere,
    expectedRevision: recorded.length === 0 ? 'no_stream' : BigInt(recorded.length - 1),
  };
}

const claimStreams = createStreamCache<Claim>((state, events) =>
  events.map(upcastClaimEvent).reduce(evolveClaim, state ?? initialClaim()),
);

/** A claim stream not written yet, as a submission expects it: no read needed to know it. */
export function newClaimStream(submissionId: string): ClaimStream {
  return {
    submissionId,
    streamId: claimStreamId(submissionId),
    recorded: [],
    state: initialClaim(),
    expectedRevision: 'no_stream',
    byCommand: new Map(),
    appendedHere: false,
  };
}

/**
 * Where a command already handled (a retry) left its last event; undefined when it is new.
 * A command id reused by someone else is refused.
 */
export function earlierAttempt(
  stream: ClaimStream,
  context: CommandContext,
): { readonly position: LogPosition | undefined } | undefined {
  const earlier = eventsOfCommand(stream, context.commandId);
  if (earlier.length === 0) return undefined;
  if (earlier.some((e) => e.metadata.actor.id !== context.actor.id)) {
    throw new ConflictError(`Command ${context.commandId} was sent by someone else`);
  }
  return { position: earlier.at(-1)?.position };
}

/** The events a command appended to this stream, oldest first (none for a new command). */
export function eventsOfCommand(stream: ClaimStream, commandId: string): RecordedEvent[] {
  const positions = stream.byCommand.get(commandId) ?? [];
  return positions.flatMap((at) => {
    const event = stream.recorded[at];
    return event ? [event] : [];
  });
}

const CLAIM_CHANGED = 'The claim was changed at the same time; reload it and try again';

/** Another write appended between this one's read and its append: a 409, or a retry where it commutes. */
export class ClaimChangedError extends ConflictError {
  constructor() {
    super(CLAIM_CHANGED);
    this.name = 'ClaimChangedError';
  }
}

/** Appends at the revision that was read: a claim changed meanwhile is a ClaimChangedError (409). */
export async function appendClaimEvents(
  eventStore: EventStore,
  stream: ClaimStream,
  events: readonly ClaimEvent[],
  context: CommandContext,
): Promise<AppendResult> {
  // A new stream's event ids name the actor as well as the command: a command id someone
  // else sends again (an Idempotency-Key is the client's to choose) cannot pass for a retry
  // of theirs in the store, which answers a retry with the first append's position.
  const idSeed =
    stream.expectedRevision === 'no_stream'
      ? derivedCommandId(context.commandId, `by ${context.actor.kind}:${context.actor.id}`)
      : context.commandId;
  const newEvents = toNewEvents(events, context, CLAIM_EVENT_SCHEMA_VERSIONS, idSeed);
  try {
    const result = await eventStore.append(stream.streamId, newEvents, {
      expectedRevision: stream.expectedRevision,
    });
    const [only] = newEvents;
    // Onto a stream this process read (a new claim is rarely edited here soon enough to pay).
    if (only && newEvents.length === 1 && !result.retried && stream.recorded.length > 0) {
      claimStreams.appended(
        eventStore,
        stream.streamId,
        stream.recorded,
        asAppended(only, stream, result),
      );
    } else {
      claimStreams.readNext(eventStore, stream.streamId);
    }
    return result;
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) {
      claimStreams.readNext(eventStore, stream.streamId);
      throw new ClaimChangedError();
    }
    throw error;
  }
}

/**
 * The one event an append stored, as far as this process knows it: its revision and log
 * position from the store, its data and metadata as JSON carries them (what a read would
 * parse), and no hash (the store may add to the metadata it hashes).
 */
function asAppended(event: NewEvent, stream: ClaimStream, result: AppendResult): RecordedEvent {
  return {
    streamId: stream.streamId,
    streamRevision: result.nextExpectedRevision,
    position: result.position,
    type: event.type,
    data: JSON.parse(JSON.stringify(event.data)),
    metadata: JSON.parse(JSON.stringify(event.metadata)),
    hash: '',
  };
}
