import type { EventStore } from '@contracts/event-store';
import { leadProjection } from './projection-leadership';
import type { Projection } from './projection';
import type { SqlPool } from './sql';

export interface ProjectionRunner {
  /** Resolves once every projection has caught up with the log (only where this worker leads). */
  readonly caughtUp: Promise<void>;
  stop(): Promise<void>;
}

export interface RunProjectionsOptions {
  readonly pool: SqlPool;
  readonly eventStore: EventStore;
  readonly projections: readonly Projection[];
  readonly batchSize?: number;
  /** Standby takeover poll and leader lock check; 1 s keeps a takeover well under 5 s. */
  readonly heartbeatMs?: number;
  readonly onError?: (projection: string, error: unknown) => void;
  readonly onRoleChange?: (projection: string, role: 'leader' | 'standby') => void;
}

/** Runs every projection, leading those whose lock this worker gets and standing by for the others. */
export async function runProjections(options: RunProjectionsOptions): Promise<ProjectionRunner> {
  const leaderships = options.projections.map((projection) =>
    leadProjection({
      pool: options.pool,
      eventStore: options.eventStore,
      projection,
      batchSize: options.batchSize ?? 500,
      heartbeatMs: options.heartbeatMs ?? 1_000,
      onError: options.onError,
      onRoleChange: options.onRoleChange,
    }),
  );
  return {
    caughtUp: Promise.all(leaderships.map((l) => l.caughtUp)).then(() => {}),
    async stop() {
      await Promise.all(leaderships.map((l) => l.stop()));
    },
  };
}

export { applyBatch } from './apply-batch';
