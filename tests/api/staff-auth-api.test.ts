import type { APIContext, AstroCookieSetOptions, AstroCookies } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@infra/config/config';
import { DEMO_STAFF_USERS } from '@infra/oidc/development-provider';
import { createStaffSession, staffSessionMigrations } from '@infra/oidc/staff-sessions';
import { migrate } from '@infra/postgres/migrate';
import { closeRuntime, openRuntime } from '@infra/runtime';
import { GET as callback } from '@site/pages/api/auth/callback';
import { GET as init } from '@site/pages/api/auth/init';
import { GET as logout } from '@site/pages/api/auth/logout';
import { GET as validate } from '@site/pages/api/auth/validate';
import { staffFromCookies, staffSessionFromCookies } from '@site/lib/staff-auth.server';
import {
  chooseDemoUser,
  startTestOidcProvider,
  TEST_CLIENT,
  TestBrowser,
  type TestOidcProvider,
} from '@tests/support/oidc-test-provider';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';

const PORTAL = 'http://portal.test';
const REDIRECT_URI = `${PORTAL}/api/auth/callback`;
const [claire, , sam, ines] = DEMO_STAFF_USERS;

/** The cookies Astro hands an endpoint, with what each `set` asked for. */
class CookieJar {
  readonly values = new Map<string, string>();
  readonly options = new Map<string, AstroCookieSetOptions | undefined>();

  get(name: string) {
    const value = this.values.get(name);
    return value === undefined ? undefined : { value };
  }
  set(name: string, value: string, options?: AstroCookieSetOptions) {
    this.values.set(name, value);
    this.options.set(name, options);
  }
  delete(name: string) {
    this.values.delete(name);
    this.options.delete(name);
  }
  has(name: string) {
    return this.values.has(name);
  }
}

function context(url: string, cookies: CookieJar): APIContext {
  return {
    request: new Request(url),
    params: {},
    cookies,
    locals: { requestId: 'test-request', tenant: 'admin', lang: 'en' },
  } as unknown as APIContext;
}

const call = (handler: typeof init, url: string, cookies: CookieJar) =>
  handler(context(url, cookies)) as Promise<Response>;

describe('staff auth endpoints', () => {
  let provider: TestOidcProvider;
  let database: TestDatabase;

  beforeAll(async () => {
    provider = await startTestOidcProvider(REDIRECT_URI);
    database = await createTestDatabase();
    await migrate(database.pool, staffSessionMigrations);
    await openRuntime(
      {
        ...getConfig(),
        NODE_ENV: 'test',
        PUBLIC_URL: PORTAL,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: TEST_CLIENT.clientId,
        OIDC_CLIENT_SECRET: TEST_CLIENT.clientSecret,
      },
      database.url,
    );
  });
  afterAll(async () => {
    await closeRuntime();
    await database.drop();
    await provider.close();
  });

  /** init, the provider's page, a button: the callback URL the provider sends back. */
  async function signInAt(jar: CookieJar, sub: string): Promise<string> {
    const started = await call(init, `${PORTAL}/api/auth/init`, jar);
    expect(started.status).toBe(302);
    const url = new URL(started.headers.get('location') ?? '');
    return (await chooseDemoUser(new TestBrowser(), url, sub, REDIRECT_URI)).href;
  }

  it('signs a claims agent in, validates the session and logs out', async () => {
    const jar = new CookieJar();
    const callbackUrl = await signInAt(jar, claire!.sub);
    expect(jar.options.get('staff_sign_in')).toMatchObject({
      httpOnly: true,
      sameSite: 'lax',
      path: '/api/auth',
      maxAge: 600,
    });

    const signedIn = await call(callback, callbackUrl, jar);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get('location')).toBe('/admin/dashboard');
    expect(jar.has('staff_sign_in')).toBe(false);
    expect(jar.options.get('staff_session')).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
      path: '/',
      maxAge: 4 * 60 * 60,
    });
    const staff = { staffId: claire!.sub, email: claire!.email };
    expect(await staffFromCookies(jar as unknown as AstroCookies)).toEqual(staff);

    const valid = await call(validate, `${PORTAL}/api/auth/validate`, jar);
    expect(valid.status).toBe(200);
    expect(await valid.json()).toEqual({
      valid: true,
      almostExpired: false,
      expiresAt: expect.any(String),
      userData: { userID: staff.staffId, email: staff.email },
    });

    const sessionId = jar.values.get('staff_session') ?? '';
    const loggedOut = await call(logout, `${PORTAL}/api/auth/logout`, jar);
    expect(loggedOut.status).toBe(302);
    expect(loggedOut.headers.get('location')).toBe('/');
    expect(jar.has('staff_session')).toBe(false);

    jar.set('staff_session', sessionId);
    const afterLogout = await call(validate, `${PORTAL}/api/auth/validate`, jar);
    expect(afterLogout.status).toBe(401);
    expect(await afterLogout.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('signs the auditor in to a session that keeps the auditor role (decision 062)', async () => {
    const jar = new CookieJar();
    const response = await call(callback, await signInAt(jar, ines!.sub), jar);
    expect(response.headers.get('location')).toBe('/admin/dashboard');
    const found = await staffSessionFromCookies(jar as unknown as AstroCookies, false);
    expect(found?.session).toMatchObject({
      staff: { staffId: ines!.sub, email: ines!.email },
      role: 'auditor',
    });
  });

  it('sends a signed-in identity that is not staff to the 403 page, with no session', async () => {
    const jar = new CookieJar();
    const response = await call(callback, await signInAt(jar, sam!.sub), jar);
    // A browser follows the callback: it gets the staff 403 page, not JSON (issue 27, finding 4).
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/admin/error/403');
    expect(jar.has('staff_session')).toBe(false);
  });

  it('refuses a callback replayed, or opened in a browser that did not start it', async () => {
    const jar = new CookieJar();
    const callbackUrl = await signInAt(jar, claire!.sub);
    const pendingCookie = jar.values.get('staff_sign_in') ?? '';

    const elsewhere = await call(callback, callbackUrl, new CookieJar());
    expect(elsewhere.status).toBe(401);

    expect((await call(callback, callbackUrl, jar)).status).toBe(302);
    const replay = new CookieJar();
    replay.set('staff_sign_in', pendingCookie);
    expect((await call(callback, callbackUrl, replay)).status).toBe(401);
  });

  it('refuses a callback whose state was tampered with', async () => {
    const jar = new CookieJar();
    const forged = new URL(await signInAt(jar, claire!.sub));
    forged.searchParams.set('state', 'forged');
    const response = await call(callback, forged.href, jar);
    expect(response.status).toBe(401);
    expect(jar.has('staff_session')).toBe(false);
  });

  it('names the session cookie __Host- and marks it Secure over https, and rotates the CSRF token', async () => {
    const jar = new CookieJar();
    const callbackUrl = new URL(await signInAt(jar, claire!.sub));
    callbackUrl.protocol = 'https:';
    expect((await call(callback, callbackUrl.href, jar)).status).toBe(302);
    expect(jar.options.get('__Host-staff_session')).toMatchObject({ secure: true, path: '/' });
    expect(jar.options.has('staff_session')).toBe(false);
    expect(jar.options.get('__Host-csrf_token')).toMatchObject({ secure: true, path: '/' });
  });

  it('reports almost-expired in the last 10 minutes, and 401 without a session', async () => {
    const started = new Date(Date.now() - (4 * 60 - 5) * 60_000);
    const { pool } = database;
    const { id } = await createStaffSession(
      pool,
      { staffId: 's', email: 's@x.example', role: 'agent' },
      started,
    );
    const jar = new CookieJar();
    jar.set('staff_session', id);
    const response = await call(validate, `${PORTAL}/api/auth/validate`, jar);
    expect(await response.json()).toMatchObject({ valid: true, almostExpired: true });

    const none = await call(validate, `${PORTAL}/api/auth/validate`, new CookieJar());
    expect(none.status).toBe(401);
  });
});
