import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { acquireLease, type Fence, releaseLease, renewLease } from './lease';
import type { SqlClient } from './sql';

export interface ElectionOptions {
  /** Where the lease is taken, renewed and freed; the role's writes go their own way. */
  readonly pool: SqlClient;
  /** The lease's name, one per role: `projection:claims`, `kafka-relay:kafka-relay`. */
  readonly lease: string;
  /** How long a lease lasts without renewal (default 5 s); renewed and polled every third of it. */
  readonly ttlMs?: number;
  /**
   * What the holder keeps for itself out of each TTL: it stops writing this long before the
   * lease can expire for the others (default a fifth of the TTL; clock rates differ a little).
   */
  readonly marginMs?: number;
  /** A monotonic clock in ms (performance.now): wall-clock jumps never extend a lease. */
  readonly monotonicNow?: () => number;
  /** Awaited before each renewal: a test freezes a holder here, as SIGSTOP would. */
  readonly beforeRenewal?: () => Promise<void>;
  /** Starts the role's work, every write of it fenced; resolves to what stops that work. */
  lead(fence: Fence): Promise<() => Promise<void>>;
  /** After each poll that found the lease held by another. */
  readonly whileStandingBy?: () => Promise<void>;
  readonly onError?: (error: unknown) => void;
  readonly onRoleChange?: (role: 'leader' | 'standby') => void;
}

export interface Election {
  stop(): Promise<void>;
}

const DEFAULT_LEASE_TTL_MS = 5_000;

/** Who holds a lease, for the record: host, pid and a fresh id per start. */
const holderId = (): string => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * One holder of a lease at a time does the role's work (decision 112). The others poll to take
 * it once it is free or expired; the holder renews it every third of the TTL and stops its
 * work when a renewal finds the lease taken, or when its last successful renewal is older
 * than the TTL less a margin by its own monotonic clock. The fence its writes check makes a
 * holder that wakes late harmless whatever its clock says.
 */
export function holdElection(options: ElectionOptions): Election {
  const ttlMs = options.ttlMs ?? DEFAULT_LEASE_TTL_MS;
  const marginMs = options.marginMs ?? ttlMs / 5;
  const heartbeatMs = ttlMs / 3;
  const now = options.monotonicNow ?? (() => performance.now());
  const holder = holderId();
  let stopped = false;
  let wakeUp: () => void = () => {};
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      // A stop that came while no pause was pending ends this one before it starts.
      if (stopped) return resolve();
      const timer = setTimeout(resolve, Math.max(0, ms));
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function leadWhileHeld(token: bigint, renewedAt: number): Promise<void> {
    let lastRenewal = renewedAt;
    let taken = false;
    const fence: Fence = {
      lease: options.lease,
      token,
      ttlMs,
      held: () => !taken && now() - lastRenewal < ttlMs - marginMs,
    };
    options.onRoleChange?.('leader');
    let stopWork: (() => Promise<void>) | undefined;
    try {
      stopWork = await options.lead(fence);
      while (!stopped && fence.held()) {
        await pause(heartbeatMs);
        if (stopped) break;
        await options.beforeRenewal?.();
        const started = now();
        // Waited for no longer than the lease lasts by this clock (a heartbeat at least: a
        // holder that woke late may still hold a token no one took).
        const renewed = await within(
          Math.max(heartbeatMs, ttlMs - marginMs - (started - lastRenewal)),
          renewLease(options.pool, options.lease, token, ttlMs),
        ).catch((error: unknown) => {
          options.onError?.(error);
          return undefined;
        });
        if (renewed === true) lastRenewal = started;
        if (renewed === false) taken = true;
      }
    } finally {
      await stopWork?.();
      options.onRoleChange?.('standby');
      // Not taken: freed at once (the token still guards it) rather than left to expire.
      if (!taken) await releaseLease(options.pool, options.lease, token).catch(() => {});
    }
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        const started = now();
        const token = await acquireLease(options.pool, options.lease, holder, ttlMs);
        if (token !== undefined) await leadWhileHeld(token, started);
        else await options.whileStandingBy?.();
      } catch (error) {
        options.onError?.(error);
      }
      if (!stopped) await pause(heartbeatMs);
    }
  })();

  return {
    async stop() {
      stopped = true;
      wakeUp();
      await loop;
    },
  };
}

/** The renewal's answer, or undefined when it comes too late to count. */
function within<T>(ms: number, work: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
