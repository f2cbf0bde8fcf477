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
  /** Where the leases are taken and renewed (default: `pool`); see `leasePoolOptions`. */
  readonly leasePool?: SqlPool;
  readonly eventStore: EventStore;
  readonly projections: readonly Projection[];
  readonly batchSize?: number;
  /**
   * Each projection's lease TTL (default 5 s, decision 112): renewed and polled every third of
   * it, so a frozen leader is replaced within about 4/3 of it; a clean stop frees it at once.
   */
  readonly leaseTtlMs?: number;
  readonly onError?: (projection: string, error: unknown) => void;
  readonly onRoleChange?: (projection: string, role: 'leader' | 'standby') => void;
}

/** Runs every projection, leading those whose lease this worker gets and standing by for the others. */
export async function runProjections(options: RunProjectionsOptions): Promise<ProjectionRunner> {
  const leaderships = options.projections.map((projection) =>
    leadProjection({
      pool: options.pool,
      leasePool: options.leasePool,
      eventStore: options.eventStore,
      projection,
      batchSize: options.batchSize ?? 500,
      leaseTtlMs: options.leaseTtlMs,
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
