import type pg from 'pg';

/** Counting stops here, as for projection lag. */
const HELD_BACK_COUNT_LIMIT = 10_000;

/** Open this long, a transaction holding readers back is reported as a stall. */
const STALL_SECONDS = 5;

interface OpenTransaction {
  readonly seconds: number;
  readonly pid: number;
  readonly state: string | null;
  readonly application: string | null;
}

/**
 * What the global log's followers cannot read yet. They read only below the oldest open
 * transaction's id (the snapshot's xmin), so one transaction left open (a call across the
 * network inside it) holds every read model back while commits continue: those events are
 * committed but held back, and "events behind the checkpoint" alone says 0.
 */
export interface ReadHorizon {
  /** Committed events at or above the oldest open transaction id (capped). */
  readonly eventsHeldBack: number;
  /** Age of the oldest of them (0 when none). */
  readonly heldBackSeconds: number;
  /** The oldest transaction that has an id and is still open (it sets the horizon). */
  readonly oldestOpenTransaction: OpenTransaction | null;
  /** Readers are held back by a transaction open for STALL_SECONDS or more. */
  readonly stalled: boolean;
}

export async function readHorizon(client: Pick<pg.Pool, 'query'>): Promise<ReadHorizon> {
  const [held, open] = await Promise.all([
    client.query<{ events: number; seconds: number | null }>(
      `select count(*)::int as events, extract(epoch from now() - min(recorded_at))::float8 as seconds
       from (select recorded_at from events
             where transaction_id >= pg_snapshot_xmin(pg_current_snapshot())
             limit ${HELD_BACK_COUNT_LIMIT}) held`,
    ),
    client.query<{
      seconds: number;
      pid: number;
      state: string | null;
      application: string | null;
    }>(
      `select extract(epoch from now() - xact_start)::float8 as seconds, pid, state,
              nullif(application_name, '') as application
       from pg_stat_activity
       where backend_xid is not null and xact_start is not null and pid <> pg_backend_pid()
       order by xact_start limit 1`,
    ),
  ]);
  const eventsHeldBack = held.rows[0]?.events ?? 0;
  const heldBackSeconds = eventsHeldBack > 0 ? Math.max(0, held.rows[0]?.seconds ?? 0) : 0;
  const oldest = open.rows[0];
  const oldestOpenTransaction = oldest
    ? {
        seconds: Math.max(0, oldest.seconds),
        pid: oldest.pid,
        state: oldest.state,
        application: oldest.application,
      }
    : null;
  return {
    eventsHeldBack,
    heldBackSeconds,
    oldestOpenTransaction,
    stalled: (oldestOpenTransaction?.seconds ?? 0) >= STALL_SECONDS,
  };
}
