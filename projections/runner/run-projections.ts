import {
  compareLogPositions,
  type EventStore,
  type RecordedEvent,
  type Subscription,
} from '@contracts/event-store';
import { lockCheckpoint, readCheckpoint, saveCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import type { SqlPool } from './sql';

export interface ProjectionRunner {
  /** Resolves once every projection has caught up with the log. */
  readonly caughtUp: Promise<void>;
  stop(): Promise<void>;
}

export interface RunProjectionsOptions {
  readonly pool: SqlPool;
  readonly eventStore: EventStore;
  readonly projections: readonly Projection[];
  readonly batchSize?: number;
  readonly onError?: (projection: string, error: unknown) => void;
}

export async function runProjections(options: RunProjectionsOptions): Promise<ProjectionRunner> {
  const subscriptions: Subscription[] = [];
  for (const projection of options.projections) {
    const after = await readCheckpoint(options.pool, projection.name);
    subscriptions.push(
      options.eventStore.subscribe({
        after,
        batchSize: options.batchSize ?? 500,
        onEvents: (events) => applyBatch(options.pool, projection, events),
        onError: (error) => options.onError?.(projection.name, error),
      }),
    );
  }
  return {
    caughtUp: Promise.all(subscriptions.map((s) => s.caughtUp)).then(() => {}),
    async stop() {
      await Promise.all(subscriptions.map((s) => s.stop()));
    },
  };
}

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
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
