import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import {
  type AppendResult,
  assertMetadataKey,
  compareLogPositions,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type ReadAllOptions,
  type ReadEach,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '@contracts/event-store';
import { dedicatedClient } from '../../postgres/checkout-bound';
import { followLog } from '../follow-log';
import { appendBatch } from './append-batch';
import { eachRow } from './each-row';
import { createAppendQueue } from './append-queue';
import { createAnnouncer, NOTIFY_CHANNEL, parseAnnouncement } from './announcer';

interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_revision: string;
  event_type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  hash: string;
}

const POSITION_AND_DATA_COLUMNS =
  'global_position, transaction_id, stream_id, stream_revision, event_type, data';
const EVENT_COLUMNS = `${POSITION_AND_DATA_COLUMNS}, metadata, hash`;

function toRecorded(row: EventRow): RecordedEvent {
  return recordedOf(row, row.metadata, row.hash);
}

function recordedOf(row: EventRow, metadata: EventMetadata, hash: string): RecordedEvent {
  return {
    streamId: row.stream_id,
    streamRevision: BigInt(row.stream_revision),
    position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) },
    type: row.event_type,
    data: row.data,
    metadata,
    hash,
  };
}

/**
 * A lean read (`metadataKeys`): each key its own column, taken out of the metadata by
 * Postgres. A rebuild of a million events then reads about a third fewer bytes (of about
 * 910 an event, the whole metadata took 336 and the hash 64), and Postgres and Node both
 * spend about 2 CPU-seconds less (issue 30, decision 088).
 */
interface LeanRead {
  readonly name: string;
  readonly columns: string;
  readonly keys: readonly string[];
  /** The result column holding each key. */
  readonly keyColumns: readonly string[];
}

const leanReads = new Map<string, LeanRead>();

function leanRead(keys: readonly string[]): LeanRead {
  const id = keys.join(',');
  let read = leanReads.get(id);
  if (!read) {
    const picked = keys.map((key, i) => `metadata -> '${assertMetadataKey(key)}' as m${i}`);
    read = {
      name: `event-store-read-all-lean-${leanReads.size}`,
      columns: `${POSITION_AND_DATA_COLUMNS}, ${picked.join(', ')}`,
      keys,
      keyColumns: keys.map((_, i) => `m${i}`),
    };
    leanReads.set(id, read);
  }
  return read;
}

function toLeanRecorded(row: EventRow, { keys, keyColumns }: LeanRead): RecordedEvent {
  const metadata: Record<string, unknown> = {};
  const picked = row as unknown as Record<string, unknown>;
  for (let i = 0; i < keys.length; i += 1) {
    const value = picked[keyColumns[i] as string];
    if (value !== null && value !== undefined) metadata[keys[i] as string] = value;
  }
  return recordedOf(row, metadata as unknown as EventMetadata, '');
}

/**
 * A batch of the log after a position. Only transactions below the snapshot's xmin are
 * certainly finished, so no event can still appear before the last one returned (see
 * docs/decisions on event ordering).
 */
function readAllStatement({ after, maxCount, eventTypes, metadataKeys }: ReadAllOptions): {
  statement: pg.QueryConfig;
  toEvent: (row: EventRow) => RecordedEvent;
} {
  const lean = metadataKeys && leanRead(metadataKeys);
  return {
    statement: {
      name: lean?.name ?? 'event-store-read-all',
      text: `select ${lean?.columns ?? EVENT_COLUMNS} from events
       where (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         and ($4::text[] is null or event_type = any($4::text[]))
       order by transaction_id, global_position
       limit $3`,
      values: [after.commit.toString(), after.prepare.toString(), maxCount, eventTypes ?? null],
    },
    toEvent: lean ? (row) => toLeanRecorded(row, lean) : toRecorded,
  };
}

export interface PostgresEventStoreOptions {
  /** How often a subscription polls when no notification arrives. */
  readonly pollIntervalMs?: number;
  /** Append batches committing at once (each holds a pool connection while it commits). */
  readonly appendConnections?: number;
  /** Events one append batch holds at most. */
  readonly maxBatchEvents?: number;
  /** After each group commit: how many appends and events it held (for the metrics). */
  readonly onBatch?: (appends: number, events: number) => void;
}

// One: a second batch in flight needs a flush of its own, and the flushes slow down when
// both cores are busy (8 writers: 8,523 events/s with one, 6,786 with two; decision 044).
const DEFAULT_APPEND_CONNECTIONS = 1;
const DEFAULT_MAX_BATCH_EVENTS = 500;

export function createPostgresEventStore(
  pool: pg.Pool,
  options: PostgresEventStoreOptions = {},
): EventStore {
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const wakers = new Set<() => void>();
  const origin = randomBytes(8).toString('hex');
  /**
   * The newest event known committed, appended here or announced by another process: a
   * follower whose read stops short of it was held back by the read horizon.
   */
  let lastCommitted: LogPosition | undefined;
  /** The newest event appended here (a group commit's events, in order): for the NOTIFY. */
  let lastAppended: LogPosition | undefined;
  const noteCommitted = (position: LogPosition) => {
    if (!lastCommitted || compareLogPositions(position, lastCommitted) > 0)
      lastCommitted = position;
  };
  let listener: pg.Client | undefined;
  let listening: Promise<void> | undefined;

  function listen(): Promise<void> {
    listening ??= (async () => {
      const client = dedicatedClient(pool);
      client.on('notification', ({ payload = '' }) => {
        const announced = parseAnnouncement(payload);
        if (announced.origin === origin) return; // woken at the append already
        if (announced.position) noteCommitted(announced.position);
        for (const wake of wakers) wake();
      });
      // A lost listener only slows followers down to polling; reconnect on next subscribe.
      client.on('error', () => {
        listener = undefined;
        listening = undefined;
      });
      await client.connect();
      await client.query(`listen ${NOTIFY_CHANNEL}`);
      listener = client;
    })().catch(() => {
      listening = undefined;
    });
    return listening;
  }

  // In-process followers wake at once; other processes through a throttled NOTIFY.
  const announcer = createAnnouncer(
    pool,
    () => {
      for (const wake of wakers) wake();
    },
    { origin, lastAppended: () => lastAppended },
  );
  const enqueue = createAppendQueue(
    async (batch) => {
      await appendBatch(pool, batch);
      announcer.announce();
      options.onBatch?.(
        batch.length,
        batch.reduce((sum, append) => sum + append.events.length, 0),
      );
    },
    {
      maxInFlight: options.appendConnections ?? DEFAULT_APPEND_CONNECTIONS,
      maxBatchEvents: options.maxBatchEvents ?? DEFAULT_MAX_BATCH_EVENTS,
    },
  );

  function append(
    streamId: string,
    events: readonly NewEvent[],
    { expectedRevision }: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0)
      return Promise.reject(new Error(`Stream ${streamId}: nothing to append`));
    return new Promise((resolve, reject) =>
      enqueue({
        streamId,
        events,
        expectedRevision,
        resolve: (result) => {
          noteCommitted(result.position);
          if (!lastAppended || compareLogPositions(result.position, lastAppended) > 0)
            lastAppended = result.position;
          resolve(result);
        },
        reject,
      }),
    );
  }

  async function readStream(
    streamId: string,
    { fromRevision = 0n, maxCount = 1_000_000 }: ReadStreamOptions = {},
  ): Promise<RecordedEvent[]> {
    // Named: prepared once per connection, so Postgres parses and plans it once there.
    const { rows } = await pool.query<EventRow>({
      name: 'event-store-read-stream',
      text: `select ${EVENT_COLUMNS} from events
       where stream_id = $1 and stream_revision >= $2
       order by stream_revision limit $3`,
      values: [streamId, fromRevision.toString(), maxCount],
    });
    return rows.map(toRecorded);
  }

  async function readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const { statement, toEvent } = readAllStatement(options);
    const { rows } = await pool.query<EventRow>(statement);
    return rows.map(toEvent);
  }

  async function readAllEach(
    options: ReadAllOptions,
    onEvent: (event: RecordedEvent) => void,
  ): Promise<ReadEach> {
    const { statement, toEvent } = readAllStatement(options);
    let events = 0;
    let last: LogPosition | undefined;
    await eachRow<EventRow>(pool, statement, (row) => {
      const event = toEvent(row);
      onEvent(event);
      events += 1;
      last = event.position;
    });
    return { events, last };
  }

  function subscribe(subscription: SubscribeOptions): Subscription {
    void listen();
    return followLog({
      ...subscription,
      readAll,
      pollIntervalMs,
      committedAfter: (position) =>
        lastCommitted !== undefined && compareLogPositions(lastCommitted, position) > 0,
      onWake: (wake) => {
        wakers.add(wake);
        return () => wakers.delete(wake);
      },
    });
  }

  async function close(): Promise<void> {
    announcer.stop();
    await listening;
    await listener?.end().catch(() => {});
    listener = undefined;
  }

  return { append, readStream, readAll, readAllEach, subscribe, close };
}

export { streamLockKey } from './append-alone';
