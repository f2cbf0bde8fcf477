import { compareLogPositions, type RecordedEvent } from '@contracts/event-store';
import { checkpointMoved } from './checkpoint-signal';
import { lockCheckpoint, saveCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import type { SqlPool } from './sql';

/**
 * Rows and checkpoint move in one transaction: a crash loses nothing, and events at or
 * before the stored checkpoint (already applied, e.g. by another worker) are skipped.
 */
export async function applyBatch(
  pool: SqlPool,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<void> {
  const last = events.at(-1);
  if (!last) return;
  const client = await pool.connect();
  try {
    await client.query('begin');
    const checkpoint = await lockCheckpoint(client, projection.name);
    const fresh = events.filter(
      (e) => compareLogPositions(e.position, checkpoint) > 0 && projection.handles(e),
    );
    if (fresh.length > 0) await projection.apply(client, fresh);
    if (compareLogPositions(last.position, checkpoint) > 0) {
      await saveCheckpoint(client, projection.name, last.position);
    }
    await client.query('commit');
    const moved = compareLogPositions(last.position, checkpoint) > 0 ? last.position : checkpoint;
    checkpointMoved(projection.name, pool, moved);
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
