import { compareLogPositions, type LogPosition, START_OF_LOG } from '@contracts/event-store';
import { knownCheckpoint, nextCheckpointMove } from './checkpoint-signal';
import type { SqlClient } from './sql';

export const checkpointMigration = {
  id: '100-projection-checkpoints',
  sql: `
    create table projection_checkpoints (
      name text primary key,
      commit_position bigint not null,
      prepare_position bigint not null,
      updated_at timestamptz not null default now()
    );
  `,
};

interface CheckpointRow {
  commit_position: string;
  prepare_position: string;
}

const toPosition = (row: CheckpointRow | undefined): LogPosition =>
  row
    ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) }
    : START_OF_LOG;

export async function readCheckpoint(client: SqlClient, name: string): Promise<LogPosition> {
  const { rows } = await client.query<CheckpointRow>(
    'select commit_position, prepare_position from projection_checkpoints where name = $1',
    [name],
  );
  return toPosition(rows[0]);
}

/** Locks the projection's checkpoint row for the rest of the transaction and returns it. */
export async function lockCheckpoint(client: SqlClient, name: string): Promise<LogPosition> {
  await client.query(
    `insert into projection_checkpoints (name, commit_position, prepare_position)
     values ($1, 0, 0) on conflict do nothing`,
    [name],
  );
  const { rows } = await client.query<CheckpointRow>(
    'select commit_position, prepare_position from projection_checkpoints where name = $1 for update',
    [name],
  );
  return toPosition(rows[0]);
}

export async function saveCheckpoint(
  client: SqlClient,
  name: string,
  position: LogPosition,
): Promise<void> {
  await client.query(
    `update projection_checkpoints
     set commit_position = $2, prepare_position = $3, updated_at = now() where name = $1`,
    [name, position.commit.toString(), position.prepare.toString()],
  );
}

/**
 * Waits until a projection has applied the event at `position` (read-your-writes for a
 * command's caller). Where this process's projector writes to the same database, its
 * signal carries the position and no query is needed; the table is read at the start when
 * no such projector is known, and after every poll interval that passed without a signal.
 */
export async function waitForCheckpoint(
  client: SqlClient,
  name: string,
  position: LogPosition,
  { timeoutMs = 5_000, intervalMs = 25 } = {},
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  const reached = (at: LogPosition | undefined) =>
    at !== undefined && compareLogPositions(at, position) >= 0;
  let signalled = knownCheckpoint(name, client) !== undefined;
  for (;;) {
    // Listening before looking: a move between the look and the wait is not missed.
    const moved = nextCheckpointMove(
      name,
      Math.min(intervalMs, Math.max(0, deadline - Date.now())),
    );
    if (reached(knownCheckpoint(name, client))) return true;
    if (!signalled && reached(await readCheckpoint(client, name))) return true;
    if (Date.now() >= deadline) return false;
    signalled = (await moved) && knownCheckpoint(name, client) !== undefined;
  }
}
