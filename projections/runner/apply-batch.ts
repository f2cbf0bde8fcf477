import { compareLogPositions, type RecordedEvent } from '@contracts/event-store';
import { checkpointMoved } from './checkpoint-signal';
import { beginWithCheckpoint, commitWithCheckpoint } from './checkpoints';
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
    const checkpoint = await beginWithCheckpoint(client, projection.name);
    const fresh = events.filter(
      (e) => compareLogPositions(e.position, checkpoint) > 0 && projection.handles(e),
    );
    if (fresh.length > 0) await projection.apply(client, fresh);
    const ahead = compareLogPositions(last.position, checkpoint) > 0;
    await commitWithCheckpoint(client, projection.name, ahead ? last.position : undefined);
    const moved = ahead ? last.position : checkpoint;
    checkpointMoved(projection.name, pool, moved);
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
