import type pg from 'pg';
import { type LogPosition, START_OF_LOG } from '@contracts/event-store';

interface CheckpointRow {
  commit_position: string;
  prepare_position: string;
}

export async function readRelayCheckpoint(
  client: Pick<pg.Pool, 'query'>,
  name: string,
): Promise<LogPosition> {
  const { rows } = await client.query<CheckpointRow>(
    'select commit_position, prepare_position from kafka_relay_checkpoints where name = $1',
    [name],
  );
  const row = rows[0];
  return row
    ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) }
    : START_OF_LOG;
}

export async function ensureRelayCheckpoint(
  client: Pick<pg.Pool, 'query'>,
  name: string,
): Promise<void> {
  await client.query(
    `insert into kafka_relay_checkpoints (name, commit_position, prepare_position)
     values ($1, 0, 0) on conflict do nothing`,
    [name],
  );
}

/**
 * Moves the checkpoint from `from` to `to`, inside the caller's short transaction; false when
 * it no longer stands at `from` (another relay moved it: this batch must not be recorded).
 */
export async function moveRelayCheckpoint(
  client: Pick<pg.PoolClient, 'query'>,
  name: string,
  from: LogPosition,
  to: LogPosition,
  published: number,
): Promise<boolean> {
  const { rowCount } = await client.query(
    `update kafka_relay_checkpoints
     set commit_position = $4, prepare_position = $5, published = published + $6, updated_at = now()
     where name = $1 and commit_position = $2 and prepare_position = $3`,
    [
      name,
      from.commit.toString(),
      from.prepare.toString(),
      to.commit.toString(),
      to.prepare.toString(),
      published,
    ],
  );
  return rowCount === 1;
}
