import type pg from 'pg';

export const NOTIFY_CHANNEL = 'event_store_appended';

/**
 * Tells followers that events were committed: those in this process at once, those in
 * other processes by NOTIFY. The NOTIFY runs in a transaction of its own, never inside an
 * append (a notifying commit holds a cluster-wide lock through its WAL flush, so appends
 * that notified could not share a flush), without waiting for the flush (nothing to
 * lose: followers also poll), and coalesced: one in flight, one more if commits came
 * meanwhile.
 */
export function createAnnouncer(pool: pg.Pool, wakeLocal: () => void): () => void {
  let sending = false;
  let again = false;

  async function notifyOthers(): Promise<void> {
    sending = true;
    try {
      do {
        again = false;
        await pool
          .query(
            `begin; set local synchronous_commit = off; select pg_notify('${NOTIFY_CHANNEL}', ''); commit`,
          )
          .catch(() => {});
      } while (again);
    } finally {
      sending = false;
    }
  }

  return () => {
    wakeLocal();
    if (sending) again = true;
    else void notifyOthers();
  };
}
