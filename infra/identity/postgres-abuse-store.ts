import type { AbuseStore } from '@contracts/identity/identity-store';
import type { SqlClient } from '@projections/runner/sql';

/** Rate-limit counters and lockouts, on Postgres. */
export function createPostgresAbuseStore(db: SqlClient): AbuseStore {
  const first = async <Row>(text: string, values: readonly unknown[]) =>
    (await db.query<Row>(text, values)).rows[0];

  return {
    async countHit(key, { start, end }) {
      const row = await first<{ count: number }>(
        `insert into identity_rate_counters (key, window_start, window_end, count)
         values ($1, $2, $3, 1)
         on conflict (key, window_start) do update set count = identity_rate_counters.count + 1
         returning count`,
        [key, start, end],
      );
      return row?.count ?? 1;
    },

    async clearCounter(key) {
      await db.query('delete from identity_rate_counters where key = $1', [key]);
    },

    async lock(subject, until) {
      await db.query(
        `insert into identity_lockouts (subject, locked_until) values ($1, $2)
         on conflict (subject) do update
         set locked_until = greatest(identity_lockouts.locked_until, excluded.locked_until)`,
        [subject, until],
      );
    },

    async lockedUntil(subject, now) {
      const row = await first<{ locked_until: Date }>(
        'select locked_until from identity_lockouts where subject = $1 and locked_until > $2',
        [subject, now],
      );
      return row?.locked_until;
    },

    async unlock(subject) {
      await db.query('delete from identity_lockouts where subject = $1', [subject]);
    },
  };
}

export async function pruneExpiredLimits(db: SqlClient, now: Date): Promise<void> {
  await db.query('delete from identity_rate_counters where window_end <= $1', [now]);
  await db.query('delete from identity_lockouts where locked_until <= $1', [now]);
}
