/**
 * The event store port. Every adapter (Postgres, EventStoreDB) implements it and must
 * pass the suite in tests/contracts/.
 */

type ActorKind = 'customer' | 'staff' | 'system';

export interface Actor {
  readonly kind: ActorKind;
  readonly id: string;
  readonly email?: string;
}

export interface EventMetadata {
  readonly eventId: string;
  readonly occurredAt: string;
  readonly actor: Actor;
  readonly correlationId: string;
  readonly causationId: string;
  readonly tenant: string;
  readonly schemaVersion: number;
  /** W3C trace context of the request that appended it, when tracing is on (decision 073). */
  readonly traceparent?: string;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
}

/**
 * A place in the global log. Ordering is lexicographic on (commit, prepare).
 * Postgres: commit = transaction id (xid8), prepare = global sequence.
 * EventStoreDB: its own commit and prepare positions.
 */
export interface LogPosition {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export const START_OF_LOG: LogPosition = Object.freeze({ commit: 0n, prepare: 0n });

export function compareLogPositions(a: LogPosition, b: LogPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export interface RecordedEvent<Type extends string = string, Data = unknown>
  extends NewEvent<Type, Data> {
  readonly streamId: string;
  /** 0-based revision of the event inside its stream. */
  readonly streamRevision: bigint;
  readonly position: LogPosition;
  /** sha256(previous hash ‖ canonical event), hex; the first event chains from ''. */
  readonly hash: string;
}

/** 'no_stream': the stream must not exist; a bigint: the revision of the stream's last event. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  readonly nextExpectedRevision: bigint;
  /** Position of the last appended event in the global log. */
  readonly position: LogPosition;
  /**
   * True when these events (by their ids) were in the stream already: a retry of an append
   * that succeeded, answered with its position and stored nothing. A store that does not
   * tell leaves it out.
   */
  readonly retried?: true;
}

export interface ReadStreamOptions {
  readonly fromRevision?: bigint;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Events strictly after this position are returned. */
  readonly after: LogPosition;
  readonly maxCount: number;
  /** Only events of these types (a rebuild reads just its projection's); absent: all. */
  readonly eventTypes?: readonly string[];
  /**
   * Only these keys of each event's metadata (a key holding null reads as absent), and no
   * hash (`''`): for a replay that reads little of the metadata and checks no chain (a
   * rebuild). Absent: the whole metadata and the hash.
   */
  readonly metadataKeys?: readonly string[];
}

/** A metadata key a lean read may name: the Postgres store puts it into its SQL as is. */
export function assertMetadataKey(key: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_]{0,62}$/.test(key)) throw new Error(`Not a metadata key: ${key}`);
  return key;
}

/**
 * An event as a lean read returns it: only `keys` of its metadata, no hash. The caller has
 * checked the keys once (assertMetadataKey), not for every event.
 */
export function leanRecordedEvent(event: RecordedEvent, keys: readonly string[]): RecordedEvent {
  const full = event.metadata as unknown as Record<string, unknown>;
  const metadata: Record<string, unknown> = {};
  for (const key of keys) {
    const value = full[key];
    if (value !== undefined && value !== null) metadata[key] = value;
  }
  return { ...event, metadata: metadata as unknown as EventMetadata, hash: '' };
}

/** What a read handed over one by one came to. */
export interface ReadEach {
  readonly events: number;
  /** The last event's position; absent when there was none. */
  readonly last?: LogPosition;
}

/** `store.readAllEach`, or `readAll` handed over event by event where a store has no such read. */
export async function readEach(
  store: EventStore,
  options: ReadAllOptions,
  onEvent: (event: RecordedEvent) => void,
): Promise<ReadEach> {
  if (store.readAllEach) return store.readAllEach(options, onEvent);
  const events = await store.readAll(options);
  for (const event of events) onEvent(event);
  return { events: events.length, last: events.at(-1)?.position };
}

export interface SubscribeOptions {
  readonly after: LogPosition;
  readonly batchSize?: number;
  /** Called with each batch in log order; the next batch comes only after it resolves. A throw retries the same batch. */
  readonly onEvents: (events: readonly RecordedEvent[]) => Promise<void>;
  readonly onError?: (error: unknown) => void;
  /**
   * After a batch that did not fill `batchSize`, wait this long before reading again: under
   * load the next batch gathers more events, so a follower runs fewer, larger batches. The
   * first event after a quiet spell is still read at once. Default 0.
   */
  readonly lingerMs?: number;
}

export interface Subscription {
  /** Resolves when the subscription has caught up with the log at least once. */
  readonly caughtUp: Promise<void>;
  stop(): Promise<void>;
}

export interface EventStore {
  append(
    streamId: string,
    events: readonly NewEvent[],
    options: { readonly expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  /** Events of one stream in revision order; an empty array when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** A batch of the global log after a position, in log order. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * The batch `readAll` would return, each event handed to `onEvent` as it arrives instead
   * of gathered: a replay folds each one while the rest come in, and no batch of parsed
   * events outlives its read. Rejects with the first throw of `onEvent`, whose later events
   * are not handed over. Optional: `readEach` falls back on `readAll`.
   */
  readAllEach?(options: ReadAllOptions, onEvent: (event: RecordedEvent) => void): Promise<ReadEach>;
  /** Catch up from a position, then follow new events live. */
  subscribe(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

/**
 * The launcher runs this module from source and the built site holds a bundled copy of it,
 * while both use the launcher's event store: an error the store throws must still be an
 * `instanceof` the site's class. A brand shared through `Symbol.for` decides, not the class.
 */
const STORE_ERROR = Symbol.for('claims-portal.event-store-error');

const isStoreError = (value: unknown, code: string): boolean =>
  typeof value === 'object' &&
  value !== null &&
  (value as { [STORE_ERROR]?: string })[STORE_ERROR] === code;

export class WrongExpectedRevisionError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isStoreError(value, 'WRONG_EXPECTED_REVISION');
  }
  readonly [STORE_ERROR] = 'WRONG_EXPECTED_REVISION';
  readonly code = 'WRONG_EXPECTED_REVISION';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** An event id already used by a different event (another stream, or a different batch). */
export class EventIdConflictError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isStoreError(value, 'EVENT_ID_CONFLICT');
  }
  readonly [STORE_ERROR] = 'EVENT_ID_CONFLICT';
  readonly code = 'EVENT_ID_CONFLICT';
  constructor(
    readonly streamId: string,
    readonly eventIds: readonly string[],
  ) {
    super(`Stream ${streamId}: event ids already used elsewhere: ${eventIds.join(', ')}`);
    this.name = 'EventIdConflictError';
  }
}
