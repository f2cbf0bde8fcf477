import { randomUUID } from 'node:crypto';
import {
  type AllStreamSubscription,
  type AppendExpectedRevision,
  BACKWARDS,
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  type JSONType,
  jsonEvent,
  NO_STREAM,
  NotLeaderError,
  type Position,
  START,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError,
  UnknownError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { chainHash } from '@contracts/event-hash';
import {
  type AppendResult,
  assertMetadataKey,
  compareLogPositions,
  EventIdConflictError,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  leanRecordedEvent,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from '@contracts/event-store';
import { followLog } from '../follow-log';

/**
 * The EventStore port on EventStoreDB (gRPC client 6.x, server 22.6 or later, which sends
 * the $all position of events read from a stream). Design and trade-offs:
 * docs/decisions/006-eventstoredb-adapter.md.
 *
 * - Append: the stream's tail is read first (previous hash, current revision, retried batch);
 *   the append then states the exact revision it read, so the hash chain stays linear. A
 *   caller's 'any' or 'stream_exists' is strengthened that way and retried (bounded) when
 *   another writer got in first; a caller's 'no_stream' or exact revision is checked as is.
 * - Idempotency: the event id is the EventStoreDB event id. A retried batch is found in the
 *   stream (its ids at consecutive revisions) and answered with the first result; EventStoreDB's
 *   own idempotency (same ids at the stated revision) covers retries that race.
 * - EventStoreDB has no index by event id across streams, so each id is first claimed in a
 *   stream of its own (`__event-id-{id}`, optimistic writes; the last claim names the
 *   holder). A claim held by another stream that contains the event is an
 *   EventIdConflictError. A claim and the append are two writes: a claim whose append failed
 *   or never came (its holder lacks the event) is taken over, as a failed Postgres append
 *   leaves its ids free. Limits: two streams appending the same new id at the same moment
 *   can both succeed (each sees the other's claim before the other's event exists); without
 *   claims (`claimEventIds: false`) ids reused in another stream are not detected at all,
 *   and a retry is found only within the last `idempotencyWindow` events of its stream.
 * - Hash: `chainHash(previous, stream, revision, event)` is stored in the EventStoreDB event
 *   metadata under HASH_METADATA_KEY and removed on read, so metadata reads back as appended.
 * - Global log: $all without system events (type or stream starting with `$`) and without
 *   the id-claim streams. Its (commit, prepare) positions order the log.
 * - Subscribe: followLog polls readAll; a live subscribeToAll (from the end, system events
 *   filtered out) only wakes the followers early. Events are always read through readAll, so
 *   a dropped or lagging live subscription delays followers, never skips or reorders events.
 */

/** Key of the chain hash inside the EventStoreDB event metadata; never part of our metadata. */
export const HASH_METADATA_KEY = '__chainHash';
/** Streams that claim an event id for one stream; hidden from readAll. */
export const EVENT_ID_CLAIM_STREAM_PREFIX = '__event-id-';
const EVENT_ID_CLAIM_TYPE = 'EventIdClaimed';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LATER_PAGE_SIZE = 256;
const LIVE_RETRY_MS = 5_000;

export interface EventStoreDbEventStoreOptions {
  /** How often a subscription polls when the live subscription sends no wake-up. */
  readonly pollIntervalMs?: number;
  /** Attempts of one append when other writers move the stream (strengthened 'any'/'stream_exists') or the outcome is unknown. */
  readonly maxAppendAttempts?: number;
  /** Claim each event id in a stream of its own, so an id used in another stream is refused. */
  readonly claimEventIds?: boolean;
  /** Events read back from a stream's end to find a retried batch when no claim says it was seen before. */
  readonly idempotencyWindow?: number;
}

/** What the adapter reads from an EventStoreDB recorded event, JSON or binary. */
interface StoredEvent {
  readonly streamId: string;
  readonly id: string;
  readonly revision: bigint;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly position?: Position;
}

interface StreamTail {
  /** The stream's last event; undefined when the stream does not exist. */
  readonly last: StoredEvent | undefined;
  /** The earlier result when this batch is already in the stream. */
  readonly retried: AppendResult | undefined;
}

export function createEventStoreDbEventStore(
  connectionString: string,
  options: EventStoreDbEventStoreOptions = {},
): EventStore {
  return createEventStoreDbEventStoreFromClient(
    EventStoreDBClient.connectionString(connectionString),
    options,
  );
}

/** The same adapter over a client built by the caller; `close()` disposes that client. */
export function createEventStoreDbEventStoreFromClient(
  client: EventStoreDBClient,
  options: EventStoreDbEventStoreOptions = {},
): EventStore {
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const maxAttempts = Math.max(1, options.maxAppendAttempts ?? 16);
  const claimIds = options.claimEventIds ?? true;
  const window = Math.max(1, options.idempotencyWindow ?? 32);

  const wakers = new Set<() => void>();
  const followers = new Set<Subscription>();
  let live: AllStreamSubscription | undefined;
  let liveRetry: NodeJS.Timeout | undefined;
  let closing: Promise<void> | undefined;

  function assertOpen(): void {
    if (closing) throw new Error('EventStoreDB event store is closed');
  }

  async function append(
    streamId: string,
    events: readonly NewEvent[],
    { expectedRevision }: { readonly expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    assertOpen();
    if (events.length === 0) throw new Error(`Stream ${streamId}: nothing to append`);
    assertOwnStream(streamId);
    const eventIds = events.map((event) => eventIdOf(streamId, event));
    const repeated = eventIds.filter((id, index) => eventIds.indexOf(id) !== index);
    if (repeated.length > 0) throw new EventIdConflictError(streamId, repeated);

    // A claim made before this call means this may be a retry: search the whole stream.
    let searchWholeStream = claimIds ? await claimEventIds(streamId, eventIds) : false;
    // A caller's own revision is checked again after a conflict: no point waiting first.
    const strengthened = expectedRevision === 'any' || expectedRevision === 'stream_exists';
    let lastError: unknown;
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      const tail = await readTail(streamId, eventIds, searchWholeStream);
      if (tail.retried) return tail.retried;
      const current = tail.last?.revision;
      checkExpectedRevision(streamId, expectedRevision, current ?? 'no_stream');
      const esdbExpected: AppendExpectedRevision = current ?? NO_STREAM;
      const proposed = toEventData(streamId, events, eventIds, current ?? -1n, hashOf(tail.last));
      try {
        const result = await client.appendToStream(streamId, proposed, {
          expectedRevision: esdbExpected,
        });
        return {
          nextExpectedRevision: result.nextExpectedRevision,
          position: await positionOf(streamId, result.nextExpectedRevision),
        };
      } catch (error) {
        lastError = error;
        if (error instanceof WrongExpectedVersionError) {
          // Another writer moved the stream (or the batch landed in a race): read again.
          if (strengthened && attempt < maxAttempts) await backoff(attempt);
        } else if (isUnknownOutcome(error) && !closing) {
          // The write may have happened: look for it everywhere in the stream.
          searchWholeStream = true;
          if (attempt < maxAttempts) await backoff(attempt);
        } else {
          throw error;
        }
      }
    }
    if (lastError instanceof WrongExpectedVersionError) {
      throw new WrongExpectedRevisionError(streamId, expectedRevision, lastError.actualVersion);
    }
    throw lastError;
  }

  /**
   * Reads the stream backwards from its end: the last event, and the events of a retried
   * batch. Stops after `window` events without a match unless told to search the whole stream.
   */
  async function readTail(
    streamId: string,
    eventIds: readonly string[],
    wholeStream: boolean,
  ): Promise<StreamTail> {
    const wanted = new Set(eventIds);
    const found = new Map<string, StoredEvent>();
    let last: StoredEvent | undefined;
    let from: bigint | typeof END = END;
    let scanned = 0;
    let pageSize = Math.max(window, eventIds.length);
    for (;;) {
      const page = await readStoredStream(streamId, from, pageSize, BACKWARDS, true);
      const oldest = page.at(-1);
      if (!oldest) break;
      last ??= page[0];
      for (const event of page) {
        if (wanted.has(event.id.toLowerCase())) found.set(event.id.toLowerCase(), event);
      }
      scanned += page.length;
      if (found.size === wanted.size || oldest.revision === 0n || page.length < pageSize) break;
      // Part of the batch found: its first events are further back.
      if (!wholeStream && found.size === 0 && scanned >= window) break;
      from = oldest.revision - 1n;
      pageSize = LATER_PAGE_SIZE;
    }
    return { last, retried: found.size > 0 ? retriedResult(streamId, eventIds, found) : undefined };
  }

  /** Events of one stream in the given direction; an empty list when the stream does not exist. */
  async function readStoredStream(
    streamId: string,
    fromRevision: bigint | typeof START | typeof END,
    maxCount: number,
    direction: typeof FORWARDS | typeof BACKWARDS,
    requiresLeader: boolean,
  ): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    try {
      const read = client.readStream(streamId, {
        fromRevision,
        maxCount,
        direction,
        resolveLinkTos: false,
        requiresLeader,
      });
      for await (const resolved of read) {
        if (resolved.event) events.push(resolved.event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async function positionOf(streamId: string, revision: bigint): Promise<LogPosition> {
    // EventStoreDB answers an append with the position of its commit, not of the last event
    // (RequestManager: "not technically correct"); read the event to know its exact position.
    const [event] = await readStoredStream(streamId, revision, 1, FORWARDS, true);
    if (!event || event.revision !== revision) {
      throw new Error(`Stream ${streamId}: appended revision ${revision} could not be read back`);
    }
    return logPositionOf(event);
  }

  /**
   * Claims an event id for a stream. The claim stream's last event names the holder.
   * 'new': claimed now; 'here-before': this stream held it already; 'elsewhere': another
   * stream holds it and contains the event. A claim whose holder does not contain the event
   * (its append failed or never came) is taken over, as a failed append leaves its ids free.
   */
  async function claimEventId(
    streamId: string,
    eventId: string,
  ): Promise<'new' | 'here-before' | 'elsewhere'> {
    const claimStream = `${EVENT_ID_CLAIM_STREAM_PREFIX}${eventId}`;
    // One EventStoreDB id per call: a repeated write of this claim is idempotent on the server.
    const claim = jsonEvent({ id: randomUUID(), type: EVENT_ID_CLAIM_TYPE, data: { streamId } });
    let expectedRevision: AppendExpectedRevision = NO_STREAM;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.appendToStream(claimStream, claim, { expectedRevision });
        return 'new';
      } catch (error) {
        const conflict = error instanceof WrongExpectedVersionError;
        if ((!conflict && !isUnknownOutcome(error)) || attempt >= maxAttempts || closing) {
          throw error;
        }
      }
      const [held] = await readStoredStream(claimStream, END, 1, BACKWARDS, true);
      if (!held) {
        expectedRevision = NO_STREAM;
        await backoff(attempt);
        continue;
      }
      const holder = claimHolder(held);
      if (holder === streamId) return 'here-before';
      if (holder !== undefined && (await streamContains(holder, eventId))) return 'elsewhere';
      expectedRevision = held.revision;
    }
  }

  /** Whether a stream holds an event with this id, searching it from its end. */
  async function streamContains(streamId: string, eventId: string): Promise<boolean> {
    let from: bigint | typeof END = END;
    for (;;) {
      const page = await readStoredStream(streamId, from, LATER_PAGE_SIZE, BACKWARDS, true);
      if (page.some((event) => event.id.toLowerCase() === eventId)) return true;
      const oldest = page.at(-1);
      if (!oldest || oldest.revision === 0n || page.length < LATER_PAGE_SIZE) return false;
      from = oldest.revision - 1n;
    }
  }

  /** Claims every id of a batch; true when one of them was claimed earlier for this stream. */
  async function claimEventIds(streamId: string, eventIds: readonly string[]): Promise<boolean> {
    const outcomes = await Promise.all(eventIds.map((id) => claimEventId(streamId, id)));
    const taken = eventIds.filter((_, index) => outcomes[index] === 'elsewhere');
    if (taken.length > 0) throw new EventIdConflictError(streamId, taken);
    return outcomes.includes('here-before');
  }

  async function readStream(
    streamId: string,
    { fromRevision = 0n, maxCount = 1_000_000 }: ReadStreamOptions = {},
  ): Promise<RecordedEvent[]> {
    assertOpen();
    if (maxCount <= 0) return [];
    const events = await readStoredStream(streamId, fromRevision, maxCount, FORWARDS, false);
    return events.map(toRecorded);
  }

  async function readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    // Refused before reading, as the Postgres store refuses them before its query.
    const keys = options.metadataKeys?.map(assertMetadataKey);
    const batch = await readAllEvents(options);
    return keys ? batch.map((event) => leanRecordedEvent(event, keys)) : batch;
  }

  async function readAllEvents({
    after,
    maxCount,
    eventTypes,
  }: ReadAllOptions): Promise<RecordedEvent[]> {
    const wanted = eventTypes && new Set(eventTypes);
    assertOpen();
    if (maxCount <= 0) return [];
    const batch: RecordedEvent[] = [];
    // Reads may start at `after` itself (inclusive) and system or claim events are skipped,
    // so read pages until the batch is full or the end of the log is reached.
    const pageSize = Math.min(Math.max(2 * maxCount + 1, 64), 4_096);
    let seen: LogPosition = after;
    for (;;) {
      const fromPosition =
        seen.commit === 0n && seen.prepare === 0n
          ? START
          : { commit: seen.commit, prepare: seen.prepare };
      let read = 0;
      for await (const resolved of client.readAll({
        fromPosition,
        maxCount: pageSize,
        direction: FORWARDS,
        resolveLinkTos: false,
      })) {
        read += 1;
        const event = resolved.event;
        if (!event || batch.length >= maxCount) continue;
        const position = logPositionOf(event);
        if (compareLogPositions(position, seen) <= 0) continue;
        seen = position;
        if (isOwnEvent(event) && (!wanted || wanted.has(event.type))) batch.push(toRecorded(event));
      }
      if (batch.length >= maxCount || read < pageSize) return batch;
    }
  }

  function wakeFollowers(): void {
    for (const wake of wakers) wake();
  }

  /** One live subscription per store, only while someone follows; it wakes followers early. */
  function ensureLiveSignal(): void {
    if (closing || live || liveRetry || wakers.size === 0) return;
    let subscription: AllStreamSubscription;
    try {
      subscription = client.subscribeToAll({
        fromPosition: END,
        resolveLinkTos: false,
        filter: excludeSystemEvents(),
      });
    } catch {
      scheduleLiveRetry();
      return;
    }
    live = subscription;
    const dropped = () => {
      if (live !== subscription) return;
      live = undefined;
      subscription.unsubscribe().catch(() => {});
      // Events written while the signal was down are found by polling; wake once to be sure.
      wakeFollowers();
      scheduleLiveRetry();
    };
    subscription.on('data', wakeFollowers);
    subscription.on('error', dropped);
    subscription.on('end', dropped);
    subscription.on('close', dropped);
  }

  function scheduleLiveRetry(): void {
    if (closing || liveRetry || wakers.size === 0) return;
    liveRetry = setTimeout(() => {
      liveRetry = undefined;
      ensureLiveSignal();
    }, LIVE_RETRY_MS);
    liveRetry.unref();
  }

  async function stopLiveSignal(): Promise<void> {
    if (liveRetry) clearTimeout(liveRetry);
    liveRetry = undefined;
    const subscription = live;
    live = undefined;
    await subscription?.unsubscribe().catch(() => {});
  }

  function subscribe(subscription: SubscribeOptions): Subscription {
    assertOpen();
    const following = followLog({
      ...subscription,
      readAll,
      pollIntervalMs,
      onWake: (wake) => {
        wakers.add(wake);
        ensureLiveSignal();
        return () => {
          wakers.delete(wake);
          if (wakers.size === 0) void stopLiveSignal();
        };
      },
    });
    const tracked: Subscription = {
      caughtUp: following.caughtUp,
      async stop() {
        followers.delete(tracked);
        await following.stop();
      },
    };
    followers.add(tracked);
    return tracked;
  }

  function close(): Promise<void> {
    closing ??= (async () => {
      await Promise.all([...followers].map((follower) => follower.stop()));
      await stopLiveSignal();
      await client.dispose();
    })();
    return closing;
  }

  return { append, readStream, readAll, subscribe, close };
}

function assertOwnStream(streamId: string): void {
  if (streamId.length === 0 || streamId.startsWith('$')) {
    throw new Error(`Stream "${streamId}": names starting with $ belong to EventStoreDB`);
  }
  if (streamId.startsWith(EVENT_ID_CLAIM_STREAM_PREFIX)) {
    throw new Error(`Stream "${streamId}": the ${EVENT_ID_CLAIM_STREAM_PREFIX} prefix is reserved`);
  }
}

function eventIdOf(streamId: string, event: NewEvent): string {
  const id = event.metadata.eventId;
  if (!UUID.test(id)) throw new Error(`Stream ${streamId}: event id "${id}" is not a UUID`);
  if (event.type.startsWith('$')) {
    throw new Error(`Stream ${streamId}: event type "${event.type}" is reserved to EventStoreDB`);
  }
  return id.toLowerCase();
}

function checkExpectedRevision(
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

function toEventData(
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
function retriedResult(
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

function claimHolder(claim: StoredEvent): string | undefined {
  const data = claim.data as { streamId?: unknown } | null;
  return typeof data?.streamId === 'string' ? data.streamId : undefined;
}

function isOwnEvent(event: StoredEvent): boolean {
  return (
    !event.type.startsWith('$') &&
    !event.streamId.startsWith('$') &&
    !event.streamId.startsWith(EVENT_ID_CLAIM_STREAM_PREFIX)
  );
}

function logPositionOf(event: StoredEvent): LogPosition {
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

function hashOf(event: StoredEvent | undefined): string {
  return event ? splitMetadata(event.metadata).hash : '';
}

function toRecorded(event: StoredEvent): RecordedEvent {
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
function isUnknownOutcome(error: unknown): boolean {
  return (
    error instanceof TimeoutError ||
    error instanceof DeadlineExceededError ||
    error instanceof UnavailableError ||
    error instanceof NotLeaderError ||
    error instanceof UnknownError
  );
}

function backoff(attempt: number): Promise<void> {
  const ms = Math.floor(Math.random() * Math.min(250, 10 * 2 ** attempt));
  return new Promise((resolve) => setTimeout(resolve, ms));
}
