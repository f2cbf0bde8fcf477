import type {
  AccountRecord,
  CodeRecord,
  FlowRecord,
  IdentityStore,
  SessionRecord,
} from '@contracts/identity/identity-store';
import type { Language, Province } from '@contracts/identity/field-rules';
import type { SqlClient } from '@projections/runner/sql';
import type { NoticedCache } from './session-caches';

/** The account's columns as AccountRow names them, each qualified by `table` when given. */
const accountColumns = (table?: string) => {
  const of = (column: string) => (table ? `${table}.${column}` : column);
  return `${of('id')}, ${of('email')}, ${of('password_hash')}, ${of('first_name')}, ${of('last_name')},
  ${of('date_of_birth')}::text as date_of_birth, ${of('financial_institution')}, ${of('address_line1')},
  ${of('address_line2')}, ${of('city')}, ${of('province')}, ${of('postal_code')}, ${of('country')},
  ${of('phone')}, ${of('language')}, ${of('verified_at')}, ${of('created_at')}, ${of('updated_at')},
  ${of('password_changed_at')}`;
};
const ACCOUNT_COLUMNS = accountColumns();

interface AccountRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  financial_institution: string;
  address_line1: string;
  address_line2: string;
  city: string;
  province: string;
  postal_code: string;
  country: string;
  phone: string;
  language: string;
  verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
  password_changed_at: Date;
}

const toAccount = (row: AccountRow): AccountRecord => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  firstName: row.first_name,
  lastName: row.last_name,
  dateOfBirth: row.date_of_birth,
  financialInstitution: row.financial_institution,
  addressLine1: row.address_line1,
  addressLine2: row.address_line2,
  city: row.city,
  province: row.province as Province,
  postalCode: row.postal_code,
  country: row.country,
  phone: row.phone,
  language: row.language as Language,
  verifiedAt: row.verified_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  passwordChangedAt: row.password_changed_at,
});

interface FlowRow {
  id_hash: string;
  kind: FlowRecord['kind'];
  status: FlowRecord['status'];
  account_id: string | null;
  email: string | null;
  created_at: Date;
  expires_at: Date;
}

const toFlow = (row: FlowRow): FlowRecord => ({
  idHash: row.id_hash,
  kind: row.kind,
  status: row.status,
  accountId: row.account_id,
  email: row.email,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

interface SessionRow {
  id_hash: string;
  customer_id: string;
  csrf_token: string;
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
  csrfToken: row.csrf_token,
  createdAt: row.created_at,
  lastActivityAt: row.last_activity_at,
  idleExpiresAt: row.idle_expires_at,
  expiresAt: row.expires_at,
});

export type SessionWithAccount = NonNullable<
  Awaited<ReturnType<IdentityStore['findSessionWithAccount']>>
>;

/**
 * The identity store on the application's Postgres (tables of identityMigrations). With a
 * cache, sessions are read from memory while change notices are heard (decision 086), and
 * every write here drops what it changed at once, before any notice arrives.
 */
export function createPostgresIdentityStore(
  db: SqlClient,
  sessions?: NoticedCache<SessionWithAccount>,
): IdentityStore {
  const store = uncachedIdentityStore(db);
  if (!sessions) return store;
  const ofAccount = (id: string) => sessions.evictWhere((s) => s.session.customerId === id);
  return {
    ...store,
    findSessionWithAccount: (idHash) =>
      sessions.get(idHash, () => store.findSessionWithAccount(idHash)),
    async markAccountVerified(id, at) {
      await store.markAccountVerified(id, at);
      ofAccount(id);
    },
    async updateAccountProfile(id, profile, at) {
      const updated = await store.updateAccountProfile(id, profile, at);
      ofAccount(id);
      return updated;
    },
    async replacePassword(id, passwordHash, at) {
      const replaced = await store.replacePassword(id, passwordHash, at);
      ofAccount(id);
      return replaced;
    },
    async touchSession(idHash, activity) {
      const touched = await store.touchSession(idHash, activity);
      sessions.evict(idHash);
      return touched;
    },
    async deleteSession(idHash) {
      await store.deleteSession(idHash);
      sessions.evict(idHash);
    },
    async deleteSessionsOf(customerId) {
      const ended = await store.deleteSessionsOf(customerId);
      ofAccount(customerId);
      return ended;
    },
    async pruneExpired(now) {
      await store.pruneExpired(now);
      sessions.clear();
    },
  };
}

function uncachedIdentityStore(db: SqlClient): IdentityStore {
  const first = async <Row>(text: string, values: readonly unknown[]) =>
    (await db.query<Row>(text, values)).rows[0];

  return {
    async createAccount(account) {
      const { rowCount } = await db.query(
        `insert into identity_accounts (id, email, password_hash, first_name, last_name,
           date_of_birth, financial_institution, address_line1, address_line2, city, province,
           postal_code, country, phone, language, created_at, updated_at, password_changed_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $16)
         on conflict (email) do nothing`,
        [
          account.id,
          account.email,
          account.passwordHash,
          account.firstName,
          account.lastName,
          account.dateOfBirth,
          account.financialInstitution,
          account.addressLine1,
          account.addressLine2,
          account.city,
          account.province,
          account.postalCode,
          account.country,
          account.phone,
          account.language,
          account.createdAt,
        ],
      );
      return rowCount === 1 ? 'created' : 'exists';
    },

    async findAccountByEmail(email) {
      const row = await first<AccountRow>(
        `select ${ACCOUNT_COLUMNS} from identity_accounts where email = $1`,
        [email],
      );
      return row && toAccount(row);
    },

    async findAccountById(id) {
      const row = await first<AccountRow>(
        `select ${ACCOUNT_COLUMNS} from identity_accounts where id = $1`,
        [id],
      );
      return row && toAccount(row);
    },

    async markAccountVerified(id, at) {
      await db.query(
        `update identity_accounts set verified_at = coalesce(verified_at, $2), updated_at = $2
         where id = $1`,
        [id, at],
      );
    },

    async updateAccountProfile(id, profile, at) {
      const row = await first<AccountRow>(
        `update identity_accounts set date_of_birth = $2, address_line1 = $3, address_line2 = $4,
           city = $5, province = $6, postal_code = $7, country = $8, phone = $9, language = $10,
           updated_at = $11
         where id = $1 returning ${ACCOUNT_COLUMNS}`,
        [
          id,
          profile.dateOfBirth,
          profile.addressLine1,
          profile.addressLine2,
          profile.city,
          profile.province,
          profile.postalCode,
          profile.country,
          profile.phone,
          profile.language,
          at,
        ],
      );
      return row && toAccount(row);
    },

    async replacePassword(id, passwordHash, at) {
      // One statement, so no session outlives the password it was opened with.
      const row = await first<{ ended: number }>(
        `with ended as (delete from identity_sessions where customer_id = $1 returning 1),
              changed as (
                update identity_accounts
                set password_hash = $2, password_changed_at = $3, updated_at = $3
                where id = $1 returning 1)
         select (select count(*) from ended)::int as ended, (select count(*) from changed)::int as changed`,
        [id, passwordHash, at],
      );
      return { endedSessions: row?.ended ?? 0 };
    },

    async saveCode(code) {
      await db.query(
        `insert into identity_codes (purpose, subject, code_hash, sent_at, expires_at)
         values ($1, $2, $3, $4, $5)
         on conflict (purpose, subject) do update set code_hash = excluded.code_hash,
           sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts = 0,
           used_at = null`,
        [code.purpose, code.subject, code.codeHash, code.sentAt, code.expiresAt],
      );
    },

    async findCode(purpose, subject) {
      const row = await first<{
        code_hash: string;
        sent_at: Date;
        expires_at: Date;
        attempts: number;
        used_at: Date | null;
      }>(
        `select code_hash, sent_at, expires_at, attempts, used_at from identity_codes
         where purpose = $1 and subject = $2`,
        [purpose, subject],
      );
      if (!row) return undefined;
      const record: CodeRecord = {
        purpose,
        subject,
        codeHash: row.code_hash,
        sentAt: row.sent_at,
        expiresAt: row.expires_at,
        attempts: row.attempts,
        usedAt: row.used_at,
      };
      return record;
    },

    async tryCode({ purpose, subject, codeHash, now, maxAttempts }) {
      // The attempt is counted and the code used up in the same row update, so two
      // concurrent tries can neither both succeed nor exceed the attempts.
      const row = await first<{ accepted: boolean }>(
        `update identity_codes
         set attempts = attempts + 1,
             used_at = case when code_hash = $3 then $4::timestamptz else null end
         where purpose = $1 and subject = $2 and used_at is null and expires_at > $4
           and attempts < $5
         returning used_at is not null as accepted`,
        [purpose, subject, codeHash, now, maxAttempts],
      );
      if (row) return row.accepted ? 'accepted' : 'wrong';
      // Nothing spent: say why, so that the right code sent twice is not called a failure.
      const spent = await first<{ used: boolean; expired: boolean }>(
        `select used_at is not null and code_hash = $3 as used, expires_at <= $4 as expired
         from identity_codes where purpose = $1 and subject = $2`,
        [purpose, subject, codeHash, now],
      );
      if (spent?.used) return 'used';
      if (spent?.expired) return 'expired';
      return 'unavailable';
    },

    async createFlow(flow) {
      await db.query(
        `insert into identity_flows (id_hash, kind, status, account_id, email, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          flow.idHash,
          flow.kind,
          flow.status,
          flow.accountId,
          flow.email,
          flow.createdAt,
          flow.expiresAt,
        ],
      );
    },

    async findFlow(idHash) {
      const row = await first<FlowRow>('select * from identity_flows where id_hash = $1', [idHash]);
      return row && toFlow(row);
    },

    async advanceFlow(idHash, from, to) {
      const { rowCount } = await db.query(
        `update identity_flows set status = $3, account_id = coalesce($4, account_id)
         where id_hash = $1 and status = $2`,
        [idHash, from, to.status, to.accountId ?? null],
      );
      return rowCount === 1;
    },

    async takeFlow(idHash, status, now) {
      const row = await first<FlowRow>(
        `delete from identity_flows where id_hash = $1 and status = $2 and expires_at > $3
         returning *`,
        [idHash, status, now],
      );
      return row && toFlow(row);
    },

    async createSession(session) {
      await db.query(
        `insert into identity_sessions (id_hash, customer_id, csrf_token, created_at,
           last_activity_at, idle_expires_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          session.idHash,
          session.customerId,
          session.csrfToken,
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
        text: `select s.id_hash, s.customer_id, s.csrf_token, s.created_at as session_created_at,
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

    async pruneExpired(now) {
      await db.query('delete from identity_flows where expires_at <= $1', [now]);
      await db.query('delete from identity_codes where expires_at <= $1', [now]);
      await db.query(
        'delete from identity_sessions where idle_expires_at <= $1 or expires_at <= $1',
        [now],
      );
      await db.query('delete from identity_rate_counters where window_end <= $1', [now]);
      await db.query('delete from identity_lockouts where locked_until <= $1', [now]);
    },
  };
}
