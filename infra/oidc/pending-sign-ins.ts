import type pg from 'pg';
import type { Migration } from '../postgres/migrate';
import { newOpaqueToken, tokenHash } from './opaque-token';
import type { PendingSignIn } from './staff-sign-in';

export const PENDING_SIGN_IN_SECONDS = 10 * 60;

export const pendingSignInMigration: Migration = {
  id: '201-staff-pending-sign-ins',
  sql: `
    create table staff_pending_sign_ins (
      id_hash bytea primary key,
      state text not null,
      nonce text not null,
      code_verifier text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null
    );
    create index staff_pending_sign_ins_expires_at on staff_pending_sign_ins (expires_at);
  `,
};

/**
 * Keeps a sign-in until the provider sends the browser back. The returned id goes into a
 * cookie of the browser that started it, so a callback URL replayed in another browser
 * finds nothing (login CSRF).
 */
export async function savePendingSignIn(
  pool: pg.Pool,
  pending: PendingSignIn,
  now: Date = new Date(),
): Promise<string> {
  const id = newOpaqueToken();
  await pool.query('delete from staff_pending_sign_ins where expires_at <= $1', [now]);
  await pool.query(
    `insert into staff_pending_sign_ins (id_hash, state, nonce, code_verifier, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      tokenHash(id),
      pending.state,
      pending.nonce,
      pending.codeVerifier,
      now,
      new Date(now.getTime() + PENDING_SIGN_IN_SECONDS * 1000),
    ],
  );
  return id;
}

/** The pending sign-in, removed as it is read: a second callback with the same id finds nothing. */
export async function takePendingSignIn(
  pool: pg.Pool,
  id: string,
  now: Date = new Date(),
): Promise<PendingSignIn | undefined> {
  const { rows } = await pool.query<{
    state: string;
    nonce: string;
    code_verifier: string;
    expires_at: Date;
  }>(
    'delete from staff_pending_sign_ins where id_hash = $1 returning state, nonce, code_verifier, expires_at',
    [tokenHash(id)],
  );
  const row = rows[0];
  if (!row || row.expires_at <= now) return undefined;
  return { state: row.state, nonce: row.nonce, codeVerifier: row.code_verifier };
}
