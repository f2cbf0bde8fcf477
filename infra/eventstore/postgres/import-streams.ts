import type pg from 'pg';
import { chainHash } from '@contracts/event-hash';
import {
  EventIdConflictError,
  type NewEvent,
  WrongExpectedRevisionError,
} from '@contracts/event-store';
import { streamLockKey } from './postgres-event-store';

export interface NewStream {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
}

/**
 * Writes many new streams in one transaction, as `append(…, { expectedRevision: 'no_stream' })`
 * would one by one: same rows, same hash chains, same stream locks. For loading history
 * (imports, benchmark data), where one commit per stream would cost a disk flush each.
 * All or nothing: one stream that already exists or one event id already stored, and
 * nothing is written.
 */
export async function importNewStreams(
  pool: pg.Pool,
  streams: readonly NewStream[],
): Promise<number> {
  const chained = streams.map(({ streamId, events }) => chainedRows(streamId, events));
  const rows = chained.flat();
  if (rows.length === 0) return 0;
  const heads = chained.flatMap((stream) => {
    const last = stream.at(-1);
    return last ? [{ s: last.s, r: last.r, h: last.h }] : [];
  });
  const client = await pool.connect();
  try {
    await client.query('begin');
    // Sorted, so two imports sharing streams cannot deadlock; appends take the same locks.
    await client.query(
      'select pg_advisory_xact_lock(k) from (select unnest($1::bigint[]) as k order by 1) as keys',
      [[...new Set(streams.map((s) => streamLockKey(s.streamId)))]],
    );
    const created = await client.query<{ stream_id: string }>(
      `insert into event_streams (stream_id, revision, last_hash)
       select s, r, h from jsonb_to_recordset($1::jsonb) as x(s text, r bigint, h text)
       on conflict (stream_id) do nothing
       returning stream_id`,
      [JSON.stringify(heads)],
    );
    if (created.rowCount !== heads.length) {
      const fresh = new Set(created.rows.map((row) => row.stream_id));
      const existing = heads.find((head) => !fresh.has(head.s))?.s ?? '';
      throw new WrongExpectedRevisionError(existing, 'no_stream', 0n);
    }
    await client.query(
      `insert into events (stream_id, stream_revision, event_id, event_type, data, metadata, hash)
       select s, r, i, t, d, m, h
       from rows from (
         jsonb_to_recordset($1::jsonb) as (s text, r bigint, i uuid, t text, d jsonb, m jsonb, h text)
       ) with ordinality as x(s, r, i, t, d, m, h, n)
       order by n`,
      [JSON.stringify(rows)],
    );
    await client.query(`select pg_notify('event_store_appended', '')`);
    await client.query('commit');
    return rows.length;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    if ((error as { code?: string }).code === '23505') {
      throw new EventIdConflictError(
        streams[0]?.streamId ?? '',
        rows.map((row) => row.i),
      );
    }
    throw error;
  } finally {
    client.release();
  }
}

function chainedRows(streamId: string, events: readonly NewEvent[]) {
  let previousHash = '';
  return events.map((event, index) => {
    previousHash = chainHash(previousHash, streamId, BigInt(index), event);
    return {
      s: streamId,
      r: index,
      i: event.metadata.eventId,
      t: event.type,
      d: event.data,
      m: event.metadata,
      h: previousHash,
    };
  });
}
