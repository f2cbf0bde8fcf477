import { type JWTVerifyGetKey, jwtVerify } from 'jose';

/** OpenID Connect Back-Channel Logout 1.0, §2.4: the event a logout token must carry. */
export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

export interface LogoutTokenExpectations {
  readonly issuer: string;
  readonly clientId: string;
  /** The provider's signing keys, e.g. jose's createRemoteJWKSet(jwks_uri). */
  readonly keys: JWTVerifyGetKey;
  readonly now: Date;
}

/** Whom the provider signed out: its subject, its session, or both (§2.4). */
export interface LogoutSubject {
  readonly sub?: string;
  readonly sid?: string;
}

export class InvalidLogoutToken extends Error {
  override readonly name = 'InvalidLogoutToken';
}

/**
 * Validates a logout token as §2.6 requires: signature, issuer, audience, iat, the
 * back-channel event, a sub or sid, and no nonce (which would make it an ID token).
 */
export async function verifyLogoutToken(
  token: string,
  expected: LogoutTokenExpectations,
): Promise<LogoutSubject> {
  const payload = await jwtVerify(token, expected.keys, {
    issuer: expected.issuer,
    audience: expected.clientId,
    requiredClaims: ['iat'],
    currentDate: expected.now,
    maxTokenAge: '5 minutes',
  }).then(
    (verified) => verified.payload,
    (error: unknown) => {
      throw new InvalidLogoutToken(`logout token refused: ${(error as Error).message}`);
    },
  );
  const events = payload.events as Record<string, unknown> | undefined;
  if (typeof events !== 'object' || events === null || !(BACKCHANNEL_LOGOUT_EVENT in events)) {
    throw new InvalidLogoutToken('logout token refused: no back-channel logout event');
  }
  if ('nonce' in payload) throw new InvalidLogoutToken('logout token refused: it has a nonce');
  const sub = typeof payload.sub === 'string' ? payload.sub : undefined;
  const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
  if (sub === undefined && sid === undefined) {
    throw new InvalidLogoutToken('logout token refused: neither sub nor sid');
  }
  return { ...(sub ? { sub } : {}), ...(sid ? { sid } : {}) };
}

interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rowCount: number | null }>;
}

/**
 * Ends every portal session of the subject the provider signed out. The portal keeps no
 * provider session id, so a token naming only a sid ends nothing (§2.7 lets an RP log out
 * all of the subject's sessions when it cannot tell them apart). The delete's change notice
 * drops every process's cached copy (decision 086). Returns how many sessions ended.
 */
export async function endSessionsOfSubject(db: Queryable, subject: LogoutSubject): Promise<number> {
  if (subject.sub === undefined) return 0;
  // Each ended session leaves a record until it would have expired: its next request is a
  // 403 that says the session was ended, not a 401 as if it never existed.
  const { rowCount } = await db.query(
    `with ended as (
       delete from staff_sessions where staff_id = $1 returning id_hash, expires_at
     )
     insert into ended_staff_sessions (id_hash, reason, ended_at, expires_at)
     select id_hash, 'provider-logout', now(), expires_at from ended
     on conflict (id_hash) do nothing`,
    [subject.sub],
  );
  return rowCount ?? 0;
}
