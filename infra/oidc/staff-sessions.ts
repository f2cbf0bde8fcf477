import type pg from 'pg';
import type { SignedInStaff, StaffMember, StaffRole } from '@contracts/principals';
import type { Migration } from '../postgres/migrate';
import { type NoticedCache, staffSessionChangeNoticesMigration } from '../identity/session-caches';
import { newOpaqueToken, tokenHash } from './opaque-token';
import { pendingSignInMigration } from './pending-sign-ins';
import { type ProviderCredential, sealCredential } from './provider-credential';

/** Spec §4 and §9: an admin session lasts 4 hours, with a warning in its last 10 minutes. */
export const STAFF_SESSION_SECONDS = 4 * 60 * 60;
const ALMOST_EXPIRED_SECONDS = 10 * 60;

export const staffSessionMigrations: readonly Migration[] = [
  {
    id: '200-staff-sessions',
    sql: `
      create table staff_sessions (
        id_hash bytea primary key,
        staff_id text not null,
        email text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        last_validated_at timestamptz not null
      );
      create index staff_sessions_expires_at on staff_sessions (expires_at);
    `,
  },
  pendingSignInMigration,
  {
    // Sessions from before the auditor role were all agents' (decision 062); new rows name theirs.
    id: '210-staff-session-role',
    sql: `
      alter table staff_sessions add column role text not null default 'agent'
        check (role in ('agent', 'auditor'));
      alter table staff_sessions alter column role drop default;
    `,
  },
  staffSessionChangeNoticesMigration,
  {
    // Decision 118: when the provider last vouched for the session, who is asking it now, and
    // the sealed credential that asks. Older sessions have none and end at their first check.
    id: '230-staff-session-provider-check',
    sql: `
      alter table staff_sessions
        add column provider_checked_at timestamptz,
        add column provider_check_claimed_at timestamptz,
        add column provider_credential bytea;
      update staff_sessions set provider_checked_at = created_at;
      alter table staff_sessions alter column provider_checked_at set not null;
    `,
  },
  {
    // Sessions the provider ended (back-channel logout), kept until they would have expired,
    // so their next request is told why (403) rather than treated as never signed in.
    id: '240-ended-staff-sessions',
    sql: `
      create table ended_staff_sessions (
        id_hash bytea primary key,
        reason text not null,
        ended_at timestamptz not null,
        expires_at timestamptz not null
      );
    `,
  },
];

export interface StaffSession {
  readonly staff: StaffMember;
  /** Fixed at sign-in: a role the provider takes or changes ends the session (decision 118). */
  readonly role: StaffRole;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly lastValidatedAt: Date;
  /** When the OpenID Provider last vouched for the person in this role (decision 118). */
  readonly providerCheckedAt: Date;
}

export interface StaffSessionStatus {
  readonly valid: boolean;
  readonly almostExpired: boolean;
  /** ISO 8601. */
  readonly expiresAt: string;
}

interface SessionRow {
  staff_id: string;
  email: string;
  role: StaffRole;
  created_at: Date;
  expires_at: Date;
  last_validated_at: Date;
  provider_checked_at: Date;
}

const SESSION_COLUMNS =
  'staff_id, email, role, created_at, expires_at, last_validated_at, provider_checked_at';

/**
 * A new session; `id` is for the cookie only, the table keeps its SHA-256. The provider
 * credential is kept sealed under the id (decision 118); a session without one ends at its
 * first re-validation.
 */
export async function createStaffSession(
  pool: pg.Pool,
  staff: SignedInStaff,
  now: Date = new Date(),
  credential?: ProviderCredential,
): Promise<{ id: string; session: StaffSession }> {
  const id = newOpaqueToken();
  await pool.query('delete from staff_sessions where expires_at <= $1', [now]);
  await pool.query('delete from ended_staff_sessions where expires_at <= $1', [now]);
  const { rows } = await pool.query<SessionRow>(
    `insert into staff_sessions
       (id_hash, staff_id, email, role, created_at, expires_at, last_validated_at,
        provider_checked_at, provider_credential)
     values ($1, $2, $3, $4, $5, $6, $5, $5, $7)
     returning ${SESSION_COLUMNS}`,
    [
      tokenHash(id),
      staff.staffId,
      staff.email,
      staff.role,
      now,
      new Date(now.getTime() + STAFF_SESSION_SECONDS * 1000),
      credential ? sealCredential(id, credential) : null,
    ],
  );
  return { id, session: toSession(rows[0]!) };
}

/** How stale `last_validated_at` may get before a lookup writes it again (decision 079). */
const VALIDATION_REFRESH_SECONDS = 60;

/**
 * The live session the id names; undefined when unknown or expired. Marked validated now
 * when its last mark is a minute old or more: one read per request, a write once a minute.
 */
export async function findStaffSession(
  pool: pg.Pool,
  id: string,
  now: Date = new Date(),
  cache?: NoticedCache<StaffSession>,
): Promise<StaffSession | undefined> {
  const idHash = tokenHash(id);
  if (!cache) return readStaffSession(pool, idHash, now);
  // A cached session is served only while its validation mark is fresh: the mark's write
  // still happens once a minute, and its change notice drops the entry.
  return cache.get(
    idHash.toString('hex'),
    () => readStaffSession(pool, idHash, now),
    (session) =>
      session.expiresAt > now &&
      now.getTime() - session.lastValidatedAt.getTime() < VALIDATION_REFRESH_SECONDS * 1000,
  );
}

async function readStaffSession(
  pool: pg.Pool,
  idHash: Buffer,
  now: Date,
): Promise<StaffSession | undefined> {
  const { rows } = await pool.query<SessionRow>({
    name: 'staff-session-lookup',
    text: `with found as (
       select ${SESSION_COLUMNS} from staff_sessions where id_hash = $1 and expires_at > $2
     ), refreshed as (
       update staff_sessions set last_validated_at = $2
       where id_hash = $1 and expires_at > $2
         and last_validated_at <= $2 - make_interval(secs => $3)
       returning ${SESSION_COLUMNS}
     )
     select * from refreshed
     union all
     select * from found where not exists (select from refreshed)`,
    values: [idHash, now, VALIDATION_REFRESH_SECONDS],
  });
  return rows[0] && toSession(rows[0]);
}

/** True when the id names a session the provider ended that would still be live. */
export async function wasStaffSessionEnded(
  pool: Pick<pg.Pool, 'query'>,
  id: string,
  now: Date = new Date(),
): Promise<boolean> {
  const { rowCount } = await pool.query(
    'select 1 from ended_staff_sessions where id_hash = $1 and expires_at > $2',
    [tokenHash(id), now],
  );
  return (rowCount ?? 0) > 0;
}

export async function endStaffSession(
  pool: pg.Pool,
  id: string,
  cache?: NoticedCache<StaffSession>,
): Promise<void> {
  const idHash = tokenHash(id);
  await pool.query('delete from staff_sessions where id_hash = $1', [idHash]);
  cache?.evict(idHash.toString('hex'));
}

export function sessionStatus(session: StaffSession, now: Date = new Date()): StaffSessionStatus {
  const remaining = session.expiresAt.getTime() - now.getTime();
  const valid = remaining > 0;
  return {
    valid,
    almostExpired: valid && remaining <= ALMOST_EXPIRED_SECONDS * 1000,
    expiresAt: session.expiresAt.toISOString(),
  };
}

function toSession(row: SessionRow): StaffSession {
  return {
    staff: { staffId: row.staff_id, email: row.email },
    role: row.role,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastValidatedAt: row.last_validated_at,
    providerCheckedAt: row.provider_checked_at,
  };
}
