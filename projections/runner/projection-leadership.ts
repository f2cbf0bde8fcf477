import type { EventStore } from '@contracts/event-store';
import { inSpansPerTrace } from '@contracts/trace-context';
import { applyBatch } from './apply-batch';
import { readCheckpoint } from './checkpoints';
import { type ElectionOptions, holdElection } from './election';
import type { Fence } from './lease';
import type { Projection } from './projection';
import type { SqlPool } from './sql';

export interface LeadershipOptions {
  readonly pool: SqlPool;
  /** Where the lease is taken and renewed (default: `pool`). */
  readonly leasePool?: SqlPool;
  readonly eventStore: EventStore;
  readonly projection: Projection;
  readonly batchSize: number;
  /** The lease's TTL (default 5 s): a frozen leader is replaced within about 4/3 of it. */
  readonly leaseTtlMs?: number;
  /** Tests only: a monotonic clock and a hook before each renewal (see `holdElection`). */
  readonly election?: Pick<ElectionOptions, 'monotonicNow' | 'beforeRenewal' | 'marginMs'>;
  readonly onError?: (projection: string, error: unknown) => void;
  readonly onRoleChange?: (projection: string, role: 'leader' | 'standby') => void;
}

export interface Leadership {
  readonly caughtUp: Promise<void>;
  stop(): Promise<void>;
}

/**
 * A live projector's pause after each batch under load (decision 097): batches of a few more
 * events, fewer round trips to Postgres. No command waits on it (decision 096).
 */
const LINGER_MS = 3;

export const projectionLease = (projection: Projection) => `projection:${projection.name}`;

/**
 * One active worker per projection: the holder of its lease (decision 112, replacing the
 * session advisory lock of decision 017, which a frozen process kept). It follows the log from
 * the stored checkpoint, and every batch checks its fencing token in the batch's own
 * transaction, so a leader that wakes after a takeover writes nothing. Rows already applied
 * are skipped (applyBatch), so a takeover never applies an event twice.
 */
export function leadProjection(options: LeadershipOptions): Leadership {
  let markCaughtUp: () => void = () => {};
  const caughtUp = new Promise<void>((resolve) => {
    markCaughtUp = resolve;
  });
  const name = options.projection.name;

  async function follow(fence: Fence): Promise<() => Promise<void>> {
    const after = await readCheckpoint(options.pool, name);
    const subscription = options.eventStore.subscribe({
      after,
      batchSize: options.batchSize,
      lingerMs: LINGER_MS,
      // Each request's trace continues here (decision 073); a no-op when tracing is off.
      onEvents: (events) =>
        inSpansPerTrace(
          `projection ${name}`,
          events.map((event) => event.metadata.traceparent),
          () => applyBatch(options.pool, options.projection, events, fence),
        ),
      onError: (error) => options.onError?.(name, error),
    });
    void subscription.caughtUp.then(markCaughtUp);
    return () => subscription.stop();
  }

  const election = holdElection({
    ...options.election,
    pool: options.leasePool ?? options.pool,
    lease: projectionLease(options.projection),
    ttlMs: options.leaseTtlMs,
    lead: follow,
    onError: (error) => options.onError?.(name, error),
    onRoleChange: (role) => options.onRoleChange?.(name, role),
  });

  return { caughtUp, stop: () => election.stop() };
}
