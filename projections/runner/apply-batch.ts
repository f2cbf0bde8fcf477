import { compareLogPositions, type LogPosition, type RecordedEvent } from '@contracts/event-store';
import { checkpointMoved } from './checkpoint-signal';
import { beginWithCheckpoint, commitWithCheckpoint } from './checkpoints';
import { assertHeld, type Fence } from './lease';
import type { Projection } from './projection';
import type { SqlPool } from './sql';

/**
 * Rows and checkpoint move in one transaction: a crash loses nothing, and events at or
 * before the stored checkpoint (already applied, e.g. by another worker) are skipped.
 * With a fence (the live runner's lease), that transaction checks the lease's token first
 * and writes nothing once another worker holds the lease (decision 112).
 */
export async function applyBatch(
  pool: SqlPool,
  projection: Projection,
  events: readonly RecordedEvent[],
  fence?: Fence,
): Promise<void> {
  const last = events.at(-1);
  if (!last) return;
  assertHeld(fence);
  if (await appliedInOneStatement(pool, projection, events, last.position, fence)) return;
  const client = await pool.connect();
  try {
    const checkpoint = await beginWithCheckpoint(client, projection.name, fence);
    const fresh = events.filter(
      (e) => compareLogPositions(e.position, checkpoint) > 0 && projection.handles(e),
    );
    if (fresh.length > 0) await projection.apply(client, fresh);
    const ahead = compareLogPositions(last.position, checkpoint) > 0;
    await commitWithCheckpoint(client, projection.name, ahead ? last.position : undefined);
    const moved = ahead ? last.position : checkpoint;
    committedHere(pool, projection.name, moved);
    checkpointMoved(projection.name, pool, moved);
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Where this process committed the checkpoint last, the batch goes in one statement that
 * moves it only from there (issue 30: one round trip where begin, write and commit took
 * three). Another worker that moved it meanwhile, or a batch the projection will not write
 * that way, leaves everything as it was, and the transaction above takes the batch.
 */
async function appliedInOneStatement(
  pool: SqlPool,
  projection: Projection,
  events: readonly RecordedEvent[],
  to: LogPosition,
  fence: Fence | undefined,
): Promise<boolean> {
  const from = lastCommitted.get(pool)?.get(projection.name);
  if (!from || !projection.applyMovingCheckpoint || compareLogPositions(to, from) <= 0)
    return false;
  const fresh = events.filter(
    (e) => compareLogPositions(e.position, from) > 0 && projection.handles(e),
  );
  const moved = await projection.applyMovingCheckpoint(pool, fresh, {
    name: projection.name,
    from,
    to,
    fence,
  });
  if (moved) {
    committedHere(pool, projection.name, to);
    checkpointMoved(projection.name, pool, to);
  }
  return moved;
}

/**
 * Exactly where this process's last batch left each checkpoint, per database: the position
 * the one-statement path expects to find (a reset or a rebuild may have moved it lower than
 * the highest position read-your-writes has been told of).
 */
const lastCommitted = new WeakMap<object, Map<string, LogPosition>>();

function committedHere(pool: object, name: string, position: LogPosition): void {
  const positions = lastCommitted.get(pool) ?? new Map<string, LogPosition>();
  lastCommitted.set(pool, positions);
  positions.set(name, position);
}
