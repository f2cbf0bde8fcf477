import {
  DeadlineExceededError,
  type JSONType,
  jsonEvent,
  NotLeaderError,
  type Position,
  TimeoutError,
  UnavailableError,
  UnknownError,
} from '@eventstore/db-client';
import { chainHash } from '@contracts/event-hash';
import {
  type AppendResult,
  EventIdConflictError,
  type EventMetadata,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '@contracts/event-store';

/** How the EventStoreDB adapter stores our events: ids, chain hashes, positions, claims. */

/** Key of the chain hash inside the EventStoreDB event metadata; never part of our metadata. */
const HASH_METADATA_KEY = '__chainHash';
/** Streams that claim an event id for one stream; hidden from readAll. */
export const EVENT_ID_CLAIM_STREAM_PREFIX = '__event-id-';
export const EVENT_ID_CLAIM_TYPE = 'EventIdClaimed';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the adapter reads from an EventStoreDB recorded event, JSON or binary. */
export interface StoredEvent {
  readonly streamId: string;
  readonly id: string;
  readonly revision: bigint;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly position?: Position;
}

export function assertOwnStream(streamId: string): void {
  if (streamId.length === 0 || streamId.startsWith('$')) {
    throw new Error(`Stream "${streamId}": names starting with $ belong to EventStoreDB`);
  }
  if (streamId.startsWith(EVENT_ID_CLAIM_STREAM_PREFIX)) {
    throw new Error(`Stream "${streamId}": the ${EVENT_ID_CLAIM_STREAM_PREFIX} prefix is reserved`);
  }
}

export function eventIdOf(streamId: string, event: NewEvent): string {
  const id = event.metadata.eventId;
  if (!UUID.test(id)) throw new Error(`Stream ${streamId}: event id "${id}" is not a UUID`);
  if (event.type.startsWith('$')) {
    throw new Error(`Stream ${streamId}: event type "${event.type}" is reserved to EventStoreDB`);
  }
  return id.toLowerCase();
}

export function checkExpectedRevision(
  streamId: string,
  expected: ExpectedRevision,
  actual: bigint | 'no_stream',
): void {
  const exists = actual !== 'no_stream';
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && !exists) ||
    (expected === 'stream_exists' && exists) ||
    (typeof expected === 'bigint' && expected === actual);
  if (!ok) throw new WrongExpectedRevisionError(streamId, expected, actual);
}

export function toEventData(
  streamId: string,
  events: readonly NewEvent[],
  eventIds: readonly string[],
  current: bigint,
  previousHash: string,
) {
  let previous = previousHash;
  return events.map((event, index) => {
    previous = chainHash(previous, streamId, current + 1n + BigInt(index), event);
    return jsonEvent({
      id: eventIds[index] as string,
      type: event.type,
      // JSON.stringify drops undefined; store null as the Postgres adapter does.
      data: (event.data === undefined ? null : event.data) as JSONType,
      metadata: { ...event.metadata, [HASH_METADATA_KEY]: previous },
    });
  });
}

/** The first result of a batch already in the stream, or a conflict when the ids are used otherwise. */
export function retriedResult(
  streamId: string,
  eventIds: readonly string[],
  found: ReadonlyMap<string, StoredEvent>,
): AppendResult {
  const first = found.get(eventIds[0] as string);
  const sameBatch =
    first !== undefined &&
    found.size === eventIds.length &&
    eventIds.every((id, index) => found.get(id)?.revision === first.revision + BigInt(index));
  const last = found.get(eventIds.at(-1) as string);
  if (!sameBatch || !last) throw new EventIdConflictError(streamId, [...found.keys()]);
  return { nextExpectedRevision: last.revision, position: logPositionOf(last) };
}

export function claimHolder(claim: StoredEvent): string | undefined {
  const data = claim.data as { streamId?: unknown } | null;
  return typeof data?.streamId === 'string' ? data.streamId : undefined;
}

export function isOwnEvent(event: StoredEvent): boolean {
  return (
    !event.type.startsWith('$') &&
    !event.streamId.startsWith('$') &&
    !event.streamId.startsWith(EVENT_ID_CLAIM_STREAM_PREFIX)
  );
}

export function logPositionOf(event: StoredEvent): LogPosition {
  if (!event.position) {
    throw new Error(
      `EventStoreDB sent ${event.streamId}@${event.revision} without its log position (server 22.6 or later is needed)`,
    );
  }
  return { commit: event.position.commit, prepare: event.position.prepare };
}

function splitMetadata(raw: unknown): { metadata: Record<string, unknown>; hash: string } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || raw instanceof Uint8Array) {
    return { metadata: {}, hash: '' };
  }
  const { [HASH_METADATA_KEY]: hash, ...metadata } = raw as Record<string, unknown>;
  return { metadata, hash: typeof hash === 'string' ? hash : '' };
}

export function hashOf(event: StoredEvent | undefined): string {
  return event ? splitMetadata(event.metadata).hash : '';
}

export function toRecorded(event: StoredEvent): RecordedEvent {
  const { metadata, hash } = splitMetadata(event.metadata);
  return {
    streamId: event.streamId,
    streamRevision: event.revision,
    position: logPositionOf(event),
    type: event.type,
    data: event.data,
    metadata: metadata as unknown as EventMetadata,
    hash,
  };
}

/** Errors after which a write may or may not have happened. */
export function isUnknownOutcome(error: unknown): boolean {
  return (
    error instanceof TimeoutError ||
    error instanceof DeadlineExceededError ||
    error instanceof UnavailableError ||
    error instanceof NotLeaderError ||
    error instanceof UnknownError
  );
}

export function backoff(attempt: number): Promise<void> {
  const ms = Math.floor(Math.random() * Math.min(250, 10 * 2 ** attempt));
  return new Promise((resolve) => setTimeout(resolve, ms));
}
