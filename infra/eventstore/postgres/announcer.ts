import type pg from 'pg';

export const NOTIFY_CHANNEL = 'event_store_appended';

/** NOTIFYs start at most this often; commits in between share the next one. */
export const ANNOUNCE_INTERVAL_MS = 5;

export interface Announcer {
  /** Says that events were committed. */
  announce(): void;
  /** Drops a NOTIFY still waiting for its turn. */
  stop(): void;
}

/**
 * Tells followers that events were committed: those in this process at once, those in
 * other processes by NOTIFY. The NOTIFY runs in a transaction of its own, never inside an
 * append (a notifying commit holds a cluster-wide lock through its WAL flush, so appends
 * that notified could not share a flush), without waiting for the flush (nothing to lose:
 * followers also poll), and throttled: one in flight, started at most every
 * ANNOUNCE_INTERVAL_MS. One per commit cost an eighth of the append throughput
 * (decision 044); a follower elsewhere hears of a commit at most that much later.
 */
export function createAnnouncer(
  pool: pg.Pool,
  wakeLocal: () => void,
  intervalMs = ANNOUNCE_INTERVAL_MS,
): Announcer {
  let pending = false;
  let sending = false;
  let stopped = false;
  let lastStarted = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;

  function pump(): void {
    if (!pending || sending || timer || stopped) return;
    const wait = lastStarted + intervalMs - performance.now();
    if (wait > 0) {
      timer = setTimeout(() => {
        timer = undefined;
        pump();
      }, wait);
      timer.unref();
      return;
    }
    pending = false;
    sending = true;
    lastStarted = performance.now();
    void pool
      .query(
        `begin; set local synchronous_commit = off; select pg_notify('${NOTIFY_CHANNEL}', ''); commit`,
      )
      .catch(() => {})
      .finally(() => {
        sending = false;
        pump();
      });
  }

  return {
    announce() {
      wakeLocal();
      pending = true;
      pump();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
