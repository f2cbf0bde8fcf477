import type { EventStore, Subscription } from '@contracts/event-store';
import { inSpansPerTrace } from '@contracts/trace-context';
import { readCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { applyBatch } from './apply-batch';
import type { SqlClient, SqlPool } from './sql';

type LockClient = SqlClient & {
  release(error?: Error | boolean): void;
  on?(event: 'error', listener: (error: Error) => void): unknown;
  off?(event: 'error', listener: (error: Error) => void): unknown;
};

export interface LeadershipOptions {
  readonly pool: SqlPool;
  readonly eventStore: EventStore;
  readonly projection: Projection;
  readonly batchSize: number;
  /** How often a standby tries to take over, and the leader checks its lock connection. */
  readonly heartbeatMs: number;
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

const lockKey = (projection: Projection) => `projection:${projection.name}`;

/**
 * One active worker per projection: the one holding a session advisory lock. When it dies,
 * Postgres ends its session and frees the lock, and a standby polling every heartbeat takes
 * over from the stored checkpoint. Rows already applied are skipped (applyBatch), so a
 * takeover never applies an event twice.
 */
export function leadProjection(options: LeadershipOptions): Leadership {
  let stopped = false;
  let wakeUp: () => void = () => {};
  let markCaughtUp: () => void = () => {};
  const caughtUp = new Promise<void>((resolve) => {
    markCaughtUp = resolve;
  });
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function tryToLead(): Promise<void> {
    const client = (await options.pool.connect()) as LockClient;
    let lost = false;
    const markLost = () => {
      lost = true;
    };
    client.on?.('error', markLost);
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
        [lockKey(options.projection)],
      );
      if (!rows[0]?.locked) return;
      options.onRoleChange?.(options.projection.name, 'leader');
      const subscription = await follow();
      void subscription.caughtUp.then(markCaughtUp);
      while (!stopped && !lost) {
        await pause(options.heartbeatMs);
        if (!stopped) await client.query('select 1').catch(() => (lost = true));
      }
      await subscription.stop();
      options.onRoleChange?.(options.projection.name, 'standby');
      if (!lost) {
        await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [
          lockKey(options.projection),
        ]);
      }
    } finally {
      // The pool hands this client out again: a listener left on it would pile up, one per
      // heartbeat (MaxListenersExceededWarning on a standby).
      client.off?.('error', markLost);
      client.release(lost);
    }
  }

  async function follow(): Promise<Subscription> {
    const after = await readCheckpoint(options.pool, options.projection.name);
    return options.eventStore.subscribe({
      after,
      batchSize: options.batchSize,
      lingerMs: LINGER_MS,
      // Each request's trace continues here (decision 073); a no-op when tracing is off.
      onEvents: (events) =>
        inSpansPerTrace(
          `projection ${options.projection.name}`,
          events.map((event) => event.metadata.traceparent),
          () => applyBatch(options.pool, options.projection, events),
        ),
      onError: (error) => options.onError?.(options.projection.name, error),
    });
  }

  const loop = (async () => {
    while (!stopped) {
      await tryToLead().catch((error: unknown) =>
        options.onError?.(options.projection.name, error),
      );
      if (!stopped) await pause(options.heartbeatMs);
    }
  })();

  return {
    caughtUp,
    async stop() {
      stopped = true;
      wakeUp();
      await loop;
    },
  };
}
