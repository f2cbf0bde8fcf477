import type { AstroCookies } from 'astro';
import type pg from 'pg';
import type { StaffMember } from '@contracts/principals';
import { PENDING_SIGN_IN_SECONDS } from '@infra/oidc/pending-sign-ins';
import { staffOidcSettings } from '@infra/oidc/staff-oidc-settings';
import {
  findStaffSession,
  wasStaffSessionEnded,
  STAFF_SESSION_SECONDS,
  type StaffSession,
} from '@infra/oidc/staff-sessions';
import { type SessionStanding, sessionStanding } from '@infra/oidc/staff-session-recheck';
import { createStaffSignIn, type StaffSignIn } from '@infra/oidc/staff-sign-in';
import { getRuntime } from '@infra/runtime';
import { requestIsHttps } from './forwarded.server';

const STAFF_SESSION_COOKIE = 'staff_session';
/** `__Host-staff_session` when the cookie is Secure (see sessionCookieName for why). */
const staffSessionCookieName = (secure: boolean) =>
  secure ? `__Host-${STAFF_SESSION_COOKIE}` : STAFF_SESSION_COOKIE;

export function staffSessionIdOf(cookies: AstroCookies, secure: boolean): string | undefined {
  return cookies.get(staffSessionCookieName(secure))?.value;
}
/** Binds a started sign-in to the browser that started it; read only by the callback. */
const PENDING_SIGN_IN_COOKIE = 'staff_sign_in';
const PENDING_SIGN_IN_PATH = '/api/auth';

export interface StaffAuth {
  readonly pool: pg.Pool;
  readonly signIn: StaffSignIn;
}

let cached: { key: string; signIn: StaffSignIn } | undefined;

/** The pool and the sign-in client of this process; the client is rebuilt only when settings change. */
export async function staffAuth(): Promise<StaffAuth> {
  const { config, pool } = await getRuntime();
  const settings = staffOidcSettings(config);
  const key = JSON.stringify(settings);
  if (cached?.key !== key) cached = { key, signIn: createStaffSignIn(settings) };
  return { pool, signIn: cached.signIn };
}

/** The staff member of the request's session cookie, for the principal middleware. */
export async function staffFromCookies(
  cookies: AstroCookies,
  secure = false,
  now: Date = new Date(),
): Promise<StaffMember | undefined> {
  return (await staffSessionFromCookies(cookies, secure, now))?.session.staff;
}

export async function staffSessionFromCookies(
  cookies: AstroCookies,
  secure: boolean,
  now: Date = new Date(),
): Promise<{ id: string; session: StaffSession } | undefined> {
  const id = staffSessionIdOf(cookies, secure);
  if (!id) return undefined;
  const { pool, sessions } = await getRuntime();
  const session = await findStaffSession(pool, id, now, sessions.staff);
  return session && { id, session };
}

/** True when the request's staff cookie names a session the provider ended (back-channel logout). */
export async function endedStaffSessionOf(
  cookies: AstroCookies,
  secure: boolean,
  now: Date,
): Promise<boolean> {
  const id = staffSessionIdOf(cookies, secure);
  if (!id) return false;
  const { pool } = await getRuntime();
  return wasStaffSessionEnded(pool, id, now);
}

/** A staff session of the request, with its standing at the OpenID Provider (decision 118). */
export interface StandingStaffSession {
  readonly id: string;
  readonly session: StaffSession;
  readonly standing: SessionStanding;
}

/**
 * The request's staff session, asked about again at the provider when its last answer is
 * 5 minutes old: the staff guard's view of who is calling. `now` is the clock, for tests.
 */
export async function standingStaffSession(
  cookies: AstroCookies,
  secure: boolean,
  now: Date,
): Promise<StandingStaffSession | undefined> {
  const found = await staffSessionFromCookies(cookies, secure, now);
  if (!found) return undefined;
  const { pool, sessions } = await getRuntime();
  const { signIn } = await staffAuth();
  const ports = { pool, recheck: signIn.recheck, cache: sessions.staff };
  return { ...found, standing: await sessionStanding(ports, found.id, found.session, now) };
}

/** Secure cookies when the browser talks https, directly or through a TLS-offloading proxy. */
export async function secureCookies(request: Request): Promise<boolean> {
  if (requestIsHttps(request)) return true;
  const { config } = await getRuntime();
  return config.PUBLIC_URL?.startsWith('https:') ?? false;
}

const cookieOptions = (secure: boolean) => ({ httpOnly: true, sameSite: 'lax', secure }) as const;

export function setSessionCookie(cookies: AstroCookies, id: string, secure: boolean): void {
  cookies.set(staffSessionCookieName(secure), id, {
    ...cookieOptions(secure),
    path: '/',
    maxAge: STAFF_SESSION_SECONDS,
  });
}

export function clearSessionCookie(cookies: AstroCookies, secure: boolean): void {
  cookies.delete(staffSessionCookieName(secure), { ...cookieOptions(secure), path: '/' });
}

export function setPendingSignInCookie(cookies: AstroCookies, id: string, secure: boolean): void {
  cookies.set(PENDING_SIGN_IN_COOKIE, id, {
    ...cookieOptions(secure),
    path: PENDING_SIGN_IN_PATH,
    maxAge: PENDING_SIGN_IN_SECONDS,
  });
}

/** The pending sign-in id, and the cookie cleared: it serves one callback only. */
export function takePendingSignInCookie(
  cookies: AstroCookies,
  secure: boolean,
): string | undefined {
  const id = cookies.get(PENDING_SIGN_IN_COOKIE)?.value;
  cookies.delete(PENDING_SIGN_IN_COOKIE, { ...cookieOptions(secure), path: PENDING_SIGN_IN_PATH });
  return id || undefined;
}

/** A 302 that no cache keeps. */
export function redirectTo(location: string): Response {
  return new Response(null, {
    status: 302,
    headers: { location, 'cache-control': 'no-store' },
  });
}
