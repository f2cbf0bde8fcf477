import { randomUUID } from 'node:crypto';
import {
  type AppendExpectedRevision,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  type AppendResult,
  assertMetadataKey,
  compareLogPositions,
  EventIdConflictError,
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
import { createLiveSignal } from './esdb-live-signal';
import {
  assertOwnStream,
  backoff,
  checkExpectedRevision,
  claimHolder,
  EVENT_ID_CLAIM_STREAM_PREFIX,
  EVENT_ID_CLAIM_TYPE,
  eventIdOf,
  hashOf,
  isOwnEvent,
  isUnknownOutcome,
  logPositionOf,
  retriedResult,
  type StoredEvent,
  toEventData,
  toRecorded,
} from './esdb-stored-events';

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
 *   metadata under a key of its own and removed on read, so metadata reads back as appended.
 * - Global log: $all without system events (type or stream starting with `$`) and without
 *   the id-claim streams. Its (commit, prepare) positions order the log.
 * - Subscribe: followLog polls readAll; a live subscribeToAll (from the end, system events
 *   filtered out) only wakes the followers early. Events are always read through readAll, so
 *   a dropped or lagging live subscription delays followers, never skips or reorders events.
 */

const LATER_PAGE_SIZE = 256;

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
function createEventStoreDbEventStoreFromClient(
  client: EventStoreDBClient,
  options: EventStoreDbEventStoreOptions = {},
): EventStore {
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const maxAttempts = Math.max(1, options.maxAppendAttempts ?? 16);
  const claimIds = options.claimEventIds ?? true;
  const window = Math.max(1, options.idempotencyWindow ?? 32);

  const followers = new Set<Subscription>();
  let closing: Promise<void> | undefined;
  const liveSignal = createLiveSignal(client, () => closing !== undefined);

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

  function subscribe(subscription: SubscribeOptions): Subscription {
    assertOpen();
    const following = followLog({
      ...subscription,
      readAll,
      pollIntervalMs,
      onWake: liveSignal.onWake,
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
      await liveSignal.stop();
      await client.dispose();
    })();
    return closing;
  }

  return { append, readStream, readAll, subscribe, close };
}
