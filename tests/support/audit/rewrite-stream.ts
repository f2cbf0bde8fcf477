import type pg from 'pg';
import { chainHash } from '@contracts/event-hash';

/**
 * What someone with write access to the database can do (issue 50): edit an event's data,
 * recompute every hash of the stream after it and move the stream's head to match, so the
 * chain alone verifies. `edit` returns the new data of the event at `revision`.
 */
export async function rewriteStream(
  pool: Pick<pg.Pool, 'query'>,
  streamId: string,
  revision: number,
  edit: (data: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  const { rows } = await pool.query<{
    stream_revision: string;
    event_type: string;
    data: Record<string, unknown>;
    metadata: object;
  }>(
    'select stream_revision, event_type, data, metadata from events where stream_id = $1 order by stream_revision',
    [streamId],
  );
  let previous = '';
  for (const row of rows) {
    const at = BigInt(row.stream_revision);
    const data = Number(at) === revision ? edit(row.data) : row.data;
    const hash = chainHash(previous, streamId, at, {
      type: row.event_type,
      data,
      metadata: row.metadata,
    } as never);
    await pool.query(
      'update events set data = $3, hash = $4 where stream_id = $1 and stream_revision = $2',
      [streamId, row.stream_revision, JSON.stringify(data), hash],
    );
    previous = hash;
  }
  await pool.query('update event_streams set last_hash = $2 where stream_id = $1', [
    streamId,
    previous,
  ]);
}
