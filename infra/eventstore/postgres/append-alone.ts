import { createHash } from 'node:crypto';
import type pg from 'pg';
import { chainHash } from '@contracts/event-hash';
import {
  type AppendResult,
  EventIdConflictError,
  type ExpectedRevision,
  type NewEvent,
  WrongExpectedRevisionError,
} from '@contracts/event-store';

/**
 * One append in a transaction of its own: the stream's lock, its head, a retry check, one
 * writing statement, commit. The batch path (append-batch.ts) falls back to it when a
 * batch holds a retried event id or fails as a whole, so each append gets its own answer.
 */
export async function appendAlone(
  pool: pg.Pool,
  streamId: string,
  events: readonly NewEvent[],
  expectedRevision: ExpectedRevision,
): Promise<AppendResult> {
  const client = await pool.connect();
  try {
    // One round trip: the key is a number, so the lock can ride along with BEGIN.
    await client.query(`begin; select pg_advisory_xact_lock(${streamLockKey(streamId)})`);
    const result = await appendInTransaction(client, streamId, events, expectedRevision);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    if ((error as { code?: string }).code === '23505') {
      throw new EventIdConflictError(
        streamId,
        events.map((e) => e.metadata.eventId),
      );
    }
    throw error;
  } finally {
    client.release();
  }
}

async function appendInTransaction(
  client: pg.PoolClient,
  streamId: string,
  events: readonly NewEvent[],
  expectedRevision: ExpectedRevision,
): Promise<AppendResult> {
  // The caller already holds the stream's advisory lock (see append).
  const stream = await client.query<{ revision: string; last_hash: string }>(
    'select revision, last_hash from event_streams where stream_id = $1',
    [streamId],
  );
  const current = BigInt(stream.rows[0]?.revision ?? '-1');
  const eventIds = events.map((e) => e.metadata.eventId);

  const retried = await findRetriedAppend(client, streamId, eventIds);
  if (retried) return retried;

  checkExpectedRevision(streamId, expectedRevision, current);

  let previousHash = stream.rows[0]?.last_hash ?? '';
  const revisions: string[] = [];
  const hashes: string[] = [];
  events.forEach((event, index) => {
    const revision = current + 1n + BigInt(index);
    previousHash = chainHash(previousHash, streamId, revision, event);
    revisions.push(revision.toString());
    hashes.push(previousHash);
  });

  const last = current + BigInt(events.length);
  // Events and stream head in one statement (one round trip).
  const inserted = await client.query<{ global_position: string; transaction_id: string }>(
    `with inserted as (
       insert into events (stream_id, stream_revision, event_id, event_type, data, metadata, hash)
       select $1, r, i, t, d, m, h
       from unnest($2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[], $7::text[])
         as x(r, i, t, d, m, h)
       returning global_position, transaction_id
     ), head as (
       insert into event_streams (stream_id, revision, last_hash) values ($1, $8, $9)
       on conflict (stream_id) do update
         set revision = excluded.revision, last_hash = excluded.last_hash
     )
     select global_position, transaction_id from inserted
     order by global_position`,
    [
      streamId,
      revisions,
      eventIds,
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata)),
      hashes,
      last.toString(),
      previousHash,
    ],
  );
  const lastRow = inserted.rows.at(-1);
  if (!lastRow) throw new Error(`Stream ${streamId}: insert returned no rows`);
  return {
    nextExpectedRevision: last,
    position: { commit: BigInt(lastRow.transaction_id), prepare: BigInt(lastRow.global_position) },
  };
}

/**
 * The stream's advisory lock key: the first 8 bytes of its SHA-256 as a signed bigint.
 * Taken before anything that could give the transaction its xid: an advisory lock assigns
 * none, so a stream's writers take their xids in the order they hold the lock, and global
 * (xid, position) order keeps each stream's revision order. (A row lock is not enough:
 * INSERT … ON CONFLICT can take an xid before it waits.)
 */
export function streamLockKey(streamId: string): string {
  let key = lockKeys.get(streamId);
  if (key === undefined) {
    key = createHash('sha256').update(streamId).digest().readBigInt64BE(0).toString();
    // Writers keep coming back to their streams; a full cache starts over.
    if (lockKeys.size >= LOCK_KEY_CACHE_SIZE) lockKeys.clear();
    lockKeys.set(streamId, key);
  }
  return key;
}

const LOCK_KEY_CACHE_SIZE = 10_000;
const lockKeys = new Map<string, string>();

/** A retry of an append that already happened returns the first result and appends nothing. */
async function findRetriedAppend(
  client: pg.PoolClient,
  streamId: string,
  eventIds: readonly string[],
): Promise<AppendResult | undefined> {
  const { rows } = await client.query<{
    event_id: string;
    stream_id: string;
    stream_revision: string;
    transaction_id: string;
    global_position: string;
  }>(
    `select event_id, stream_id, stream_revision, transaction_id, global_position
     from events where event_id = any($1::uuid[]) order by stream_revision`,
    [eventIds],
  );
  if (rows.length === 0) return undefined;
  const sameBatch =
    rows.length === eventIds.length &&
    rows.every(
      (row, index) =>
        row.stream_id === streamId &&
        row.event_id === eventIds[index] &&
        BigInt(row.stream_revision) === BigInt(rows[0]?.stream_revision ?? 0) + BigInt(index),
    );
  if (!sameBatch)
    throw new EventIdConflictError(
      streamId,
      rows.map((r) => r.event_id),
    );
  const last = rows.at(-1) as (typeof rows)[number];
  return {
    nextExpectedRevision: BigInt(last.stream_revision),
    position: { commit: BigInt(last.transaction_id), prepare: BigInt(last.global_position) },
    retried: true,
  };
}

function checkExpectedRevision(
  streamId: string,
  expected: ExpectedRevision,
  current: bigint,
): void {
  const exists = current >= 0n;
  const actual = exists ? current : 'no_stream';
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && !exists) ||
    (expected === 'stream_exists' && exists) ||
    (typeof expected === 'bigint' && expected === current);
  if (!ok) throw new WrongExpectedRevisionError(streamId, expected, actual);
}
