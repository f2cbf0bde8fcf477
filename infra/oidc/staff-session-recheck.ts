import type pg from 'pg';
import type { NoticedCache } from '../identity/session-caches';
import { getLogger } from '../logging/logger';
import { tokenHash } from './opaque-token';
import { type ProviderCredential, openCredential, sealCredential } from './provider-credential';
import type { ProviderVerdict, SessionHolder } from './provider-recheck';
import { endStaffSession, type StaffSession } from './staff-sessions';

/** Issue 46: a staff session is asked about again at most this often (decision 118). */
const PROVIDER_RECHECK_SECONDS = 5 * 60;
/** How long past its due check a session goes on while the provider cannot be reached. */
const PROVIDER_GRACE_SECONDS = 15 * 60;
/** One portal process asks for a session at a time; a claim older than this is free again. */
const RECHECK_CLAIM_SECONDS = 30;

/**
 * `vouched`: the provider vouched for the session lately enough, or is being asked and the
 * grace holds. `ended`: it no longer does; the session is gone. `unconfirmed`: it has not
 * answered for longer than the grace; the session is kept for when it answers again.
 */
export type SessionStanding = 'vouched' | 'ended' | 'unconfirmed';

export interface RecheckPorts {
  readonly pool: pg.Pool;
  readonly recheck: (
    credential: ProviderCredential,
    holder: SessionHolder,
  ) => Promise<ProviderVerdict>;
  readonly cache?: NoticedCache<StaffSession> | undefined;
}

/** The checks this process is making, by session: concurrent requests share one. */
const inFlight = new Map<string, Promise<SessionStanding>>();

/** The session's standing with the OpenID Provider, asking it when the last answer is 5 minutes old. */
export function sessionStanding(
  ports: RecheckPorts,
  id: string,
  session: StaffSession,
  now: Date,
): Promise<SessionStanding> {
  if (ageSeconds(session, now) < PROVIDER_RECHECK_SECONDS) return Promise.resolve('vouched');
  const key = tokenHash(id).toString('hex');
  const running = inFlight.get(key);
  if (running) return running;
  const check = recheck(ports, id, session, now).finally(() => inFlight.delete(key));
  inFlight.set(key, check);
  return check;
}

async function recheck(
  ports: RecheckPorts,
  id: string,
  session: StaffSession,
  now: Date,
): Promise<SessionStanding> {
  const claim = await claimCheck(ports.pool, id, now);
  // Another process is asking, or has just had its answer: this request goes on within the grace.
  if (!claim) return withinGrace(session, now);
  const credential = claim.sealed && openCredential(id, claim.sealed);
  const holder = { staffId: session.staff.staffId, role: session.role };
  const verdict: ProviderVerdict = credential
    ? await ports.recheck(credential, holder)
    : { kind: 'refused', reason: 'no provider credential kept for the session' };
  const log = getLogger();
  switch (verdict.kind) {
    case 'confirmed':
      await recordCheck(ports.pool, id, now, verdict.credential);
      ports.cache?.evict(tokenHash(id).toString('hex'));
      return 'vouched';
    case 'refused':
      await endStaffSession(ports.pool, id, ports.cache);
      log.info(
        { staffId: holder.staffId, reason: verdict.reason },
        'staff session ended: the OpenID Provider no longer vouches for it',
      );
      return 'ended';
    case 'unreachable':
      // The claim stays until it lapses: the provider is asked again in 30 s, not per request.
      log.warn(
        { staffId: holder.staffId, reason: verdict.reason },
        'staff session not re-validated: the OpenID Provider did not answer',
      );
      return withinGrace(session, now);
    default: {
      const never: never = verdict;
      throw new Error(`unknown verdict ${String(never)}`);
    }
  }
}

const ageSeconds = (session: StaffSession, now: Date) =>
  (now.getTime() - session.providerCheckedAt.getTime()) / 1000;

const withinGrace = (session: StaffSession, now: Date): SessionStanding =>
  ageSeconds(session, now) < PROVIDER_RECHECK_SECONDS + PROVIDER_GRACE_SECONDS
    ? 'vouched'
    : 'unconfirmed';

/** Claims the check for this process when it is due and no one else holds it: the sealed credential. */
async function claimCheck(
  pool: pg.Pool,
  id: string,
  now: Date,
): Promise<{ sealed: Buffer | null } | undefined> {
  const { rows } = await pool.query<{ provider_credential: Buffer | null }>(
    `update staff_sessions set provider_check_claimed_at = $2
     where id_hash = $1 and expires_at > $2
       and provider_checked_at <= $2 - make_interval(secs => $3)
       and (provider_check_claimed_at is null
            or provider_check_claimed_at <= $2 - make_interval(secs => $4))
     returning provider_credential`,
    [tokenHash(id), now, PROVIDER_RECHECK_SECONDS, RECHECK_CLAIM_SECONDS],
  );
  return rows[0] && { sealed: rows[0].provider_credential };
}

/** The provider vouched at `now`; a rotated credential replaces the old one. */
async function recordCheck(
  pool: pg.Pool,
  id: string,
  now: Date,
  rotated: ProviderCredential | undefined,
): Promise<void> {
  await pool.query(
    `update staff_sessions
     set provider_checked_at = $2, provider_check_claimed_at = null,
         provider_credential = coalesce($3, provider_credential)
     where id_hash = $1`,
    [tokenHash(id), now, rotated ? sealCredential(id, rotated) : null],
  );
}
