import type { SessionRecord, SessionStore } from '@contracts/identity/identity-store';
import type { SqlClient } from '@projections/runner/sql';
import { type AccountRow, accountColumns, toAccount } from './account-rows';

interface SessionRow {
  id_hash: string;
  customer_id: string;
  created_at: Date;
  last_activity_at: Date;
  idle_expires_at: Date;
  expires_at: Date;
}

type SessionAccountRow = Omit<SessionRow, 'created_at'> &
  Omit<AccountRow, 'id'> & { session_created_at: Date; id: string | null };

const toSession = (row: SessionRow): SessionRecord => ({
  idHash: row.id_hash,
  customerId: row.customer_id,
  createdAt: row.created_at,
  lastActivityAt: row.last_activity_at,
  idleExpiresAt: row.idle_expires_at,
  expiresAt: row.expires_at,
});

/** Customer sessions, read with their account, on Postgres. */
export function createPostgresSessionStore(db: SqlClient): SessionStore {
  return {
    async createSession(session) {
      await db.query(
        `insert into identity_sessions (id_hash, customer_id, created_at, last_activity_at,
           idle_expires_at, expires_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [
          session.idHash,
          session.customerId,
          session.createdAt,
          session.lastActivityAt,
          session.idleExpiresAt,
          session.expiresAt,
        ],
      );
    },

    // One indexed read per request for the principal, where the session and then its
    // account took two round trips (issue 30).
    async findSessionWithAccount(idHash) {
      // Named: on every signed-in request, so parsed and planned once per connection.
      const {
        rows: [row],
      } = await db.query<SessionAccountRow>({
        name: 'identity-session-with-account',
        text: `select s.id_hash, s.customer_id, s.created_at as session_created_at,
                s.last_activity_at, s.idle_expires_at, s.expires_at, ${accountColumns('a')}
         from identity_sessions s left join identity_accounts a on a.id = s.customer_id
         where s.id_hash = $1`,
        values: [idHash],
      });
      if (!row) return undefined;
      const session = toSession({ ...row, created_at: row.session_created_at });
      return { session, account: row.id === null ? undefined : toAccount(row as AccountRow) };
    },

    async touchSession(idHash, { lastActivityAt, idleExpiresAt }) {
      const { rowCount } = await db.query(
        `update identity_sessions set last_activity_at = $2, idle_expires_at = $3
         where id_hash = $1`,
        [idHash, lastActivityAt, idleExpiresAt],
      );
      return rowCount === 1;
    },

    async deleteSession(idHash) {
      await db.query('delete from identity_sessions where id_hash = $1', [idHash]);
    },

    async deleteSessionsOf(customerId) {
      const { rowCount } = await db.query('delete from identity_sessions where customer_id = $1', [
        customerId,
      ]);
      return rowCount ?? 0;
    },
  };
}

export async function pruneExpiredSessions(db: SqlClient, now: Date): Promise<void> {
  await db.query('delete from identity_sessions where idle_expires_at <= $1 or expires_at <= $1', [
    now,
  ]);
}
