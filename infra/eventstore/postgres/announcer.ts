import type pg from 'pg';
import type { LogPosition } from '@contracts/event-store';

export const NOTIFY_CHANNEL = 'event_store_appended';

/** NOTIFYs start at most this often; commits in between share the next one. */
const ANNOUNCE_INTERVAL_MS = 5;

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
 * (decision 044); a follower elsewhere hears of a commit at most that much later. The
 * payload names `origin`, so that the store which announced can ignore its own NOTIFY (its
 * followers were woken already, and a second wake-up costs each of them a read), and the
 * last event appended, so that a follower elsewhere whose read stops short of it (the read
 * horizon) knows to read again soon.
 */
export function createAnnouncer(
  pool: pg.Pool,
  wakeLocal: () => void,
  {
    origin = '',
    intervalMs = ANNOUNCE_INTERVAL_MS,
    lastAppended = () => undefined,
  }: {
    readonly origin?: string;
    readonly intervalMs?: number;
    /** The newest event appended here, told to followers elsewhere with the NOTIFY. */
    readonly lastAppended?: () => LogPosition | undefined;
  } = {},
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
    const payload = announcement(origin, lastAppended());
    // One statement, its own transaction: set_config(…, true) holds for that transaction only.
    void pool
      .query({
        name: 'event-store-announce',
        text: `select set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`,
        values: [NOTIFY_CHANNEL, payload],
      })
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

/** `origin:commit:prepare`, or `origin` alone before anything was appended: digits and hex only. */
export function announcement(origin: string, position: LogPosition | undefined): string {
  return position ? `${origin}:${position.commit}:${position.prepare}` : origin;
}

export function parseAnnouncement(payload: string): {
  readonly origin: string;
  readonly position?: LogPosition;
} {
  const [origin = '', commit, prepare] = payload.split(':');
  if (!commit || !prepare || !/^\d+$/.test(commit) || !/^\d+$/.test(prepare)) return { origin };
  return { origin, position: { commit: BigInt(commit), prepare: BigInt(prepare) } };
}
