import { compareLogPositions, type LogPosition, START_OF_LOG } from '@contracts/event-store';
import { knownCheckpoint, nextCheckpointMove } from './checkpoint-signal';
import { type Fence, fencedBegin } from './lease';
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

/** A projection name as an SQL literal: names are the code's own, checked all the same. */
function nameLiteral(name: string): string {
  if (!/^[a-z][a-z0-9_-]*$/.test(name)) throw new Error(`not a projection name: ${name}`);
  return `'${name}'`;
}

/** The last statement's result of a query string that held several (simple-query protocol). */
async function lastResult<Row>(client: SqlClient, text: string): Promise<{ rows: Row[] }> {
  const results = (await client.query<Row>(text)) as unknown;
  return (Array.isArray(results) ? results.at(-1) : results) as { rows: Row[] };
}

/**
 * A live batch's start: its transaction opened and the checkpoint row locked in one round
 * trip, where `begin` and lockCheckpoint took three (issue 30). With a fence, the lease's
 * token is checked first: the batch fails there, before any write, once the lease moved on. The values are literals:
 * a query string with several statements takes no parameters.
 *
 * The batch commits without waiting for its WAL flush: rows and checkpoint move together, so
 * a crash that loses the last batches loses their checkpoint too, and the projector applies
 * them again from the log, which is flushed. Commands waiting for their event (read-your-
 * writes) no longer wait for a second flush after their own.
 */
export async function beginWithCheckpoint(
  client: SqlClient,
  name: string,
  fence?: Fence,
): Promise<LogPosition> {
  const begin = 'begin; set local synchronous_commit = off;';
  const { rows } = await lastResult<CheckpointRow>(
    client,
    `${fence ? fencedBegin(fence, 'set local synchronous_commit = off;') : begin}
     select commit_position, prepare_position from projection_checkpoints
     where name = ${nameLiteral(name)} for update`,
  );
  return rows.length > 0 ? toPosition(rows[0]) : lockCheckpoint(client, name);
}

/** A live batch's end: the checkpoint moved and the transaction committed in one round trip. */
export async function commitWithCheckpoint(
  client: SqlClient,
  name: string,
  position: LogPosition | undefined,
): Promise<void> {
  const move = position
    ? `update projection_checkpoints set commit_position = ${BigInt(position.commit)},
         prepare_position = ${BigInt(position.prepare)}, updated_at = now()
       where name = ${nameLiteral(name)}; `
    : '';
  await client.query(`${move}commit`);
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
