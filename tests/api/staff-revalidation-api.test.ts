import { createServer, type Server } from 'node:http';
import type { APIContext, MiddlewareNext } from 'astro';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_USERS } from '@infra/oidc/development-provider';
import { tokenHash } from '@infra/oidc/opaque-token';
import { GET as readClaim, POST as amend } from '@site/pages/api/admin/claims/[submissionId]/index';
import { POST as backchannelLogout } from '@site/pages/api/auth/backchannel-logout';
import { GET as callback } from '@site/pages/api/auth/callback';
import { GET as init } from '@site/pages/api/auth/init';
import { principalResolver } from '@site/routing/principal';
import { freePort } from '@tests/support/free-port';
import {
  chooseDemoUser,
  startTestOidcProvider,
  TEST_CLIENT,
  TestBrowser,
  type TestOidcProvider,
} from '@tests/support/oidc-test-provider';
import {
  type ApiHarness,
  getRequest,
  jsonRequest,
  openApiHarness,
  staffEtag,
  submitSampleClaim,
} from './api-harness';

const PORTAL = 'http://portal.test';
const REDIRECT_URI = `${PORTAL}/api/auth/callback`;
const [claire, marc, , ines] = DEMO_STAFF_USERS;
const MINUTE = 60_000;

/** One browser's cookies as Astro hands them to the middleware and the endpoints. */
class Jar {
  readonly values = new Map<string, string>();
  get(name: string) {
    const value = this.values.get(name);
    return value === undefined ? undefined : { value };
  }
  has(name: string) {
    return this.values.has(name);
  }
  set(name: string, value: string) {
    this.values.set(name, value);
  }
  delete(name: string) {
    this.values.delete(name);
  }
}

function contextOf(request: Request, jar: Jar, params: Record<string, string> = {}): APIContext {
  return {
    request,
    params,
    url: new URL(request.url),
    cookies: jar,
    locals: { requestId: 'test-request', tenant: 'admin', lang: 'en' },
  } as unknown as APIContext;
}

/** A staff session in `jar` for the demo user, signed in at the provider; its start. */
async function signIn(jar: Jar, sub: string): Promise<Date> {
  const started = (await init(contextOf(getRequest('/api/auth/init'), jar))) as Response;
  const authorization = new URL(started.headers.get('location') ?? '');
  const back = await chooseDemoUser(new TestBrowser(), authorization, sub, REDIRECT_URI);
  const signedIn = (await callback(contextOf(new Request(back), jar))) as Response;
  expect(signedIn.headers.get('location')).toBe('/admin/dashboard');
  return new Date();
}

describe('a staff session is re-validated with the OpenID Provider every 5 minutes (decision 118)', () => {
  let provider: TestOidcProvider;
  let api: ApiHarness;
  let receiver: Server;
  let submissionId: string;
  let amount = 1000;

  /** When the provider last vouched for the jar's session, as the table keeps it. */
  async function checkedAt(jar: Jar): Promise<Date | undefined> {
    const { rows } = await api.database.pool.query(
      'select provider_checked_at from staff_sessions where id_hash = $1',
      [tokenHash(jar.values.get('staff_session') ?? '')],
    );
    return rows[0]?.provider_checked_at;
  }

  /** A staff save through the principal middleware, with the clock at `at`. */
  async function staffWrite(jar: Jar, at: Date): Promise<Response> {
    amount += 1;
    const request = jsonRequest(
      `/api/admin/claims/${submissionId}`,
      { claimNumber: 'RV1', benefitAmount: `${amount}.00` },
      { 'if-match': await staffEtag(submissionId) },
    );
    const context = contextOf(request, jar, { submissionId });
    const next = (() => amend(context)) as MiddlewareNext;
    return (await principalResolver(() => at)(context, next)) as Response;
  }

  /** A staff read through the principal middleware, with the clock at `at`. */
  async function staffRead(jar: Jar, at: Date): Promise<Response> {
    const context = contextOf(getRequest(`/api/admin/claims/${submissionId}`), jar, {
      submissionId,
    });
    const next = (() => readClaim(context)) as MiddlewareNext;
    return (await principalResolver(() => at)(context, next)) as Response;
  }

  beforeAll(async () => {
    // The provider posts its logout tokens here; the body goes to the portal's endpoint.
    const port = await freePort();
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = new Request(`${PORTAL}/api/auth/backchannel-logout`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: Buffer.concat(chunks).toString(),
        });
        void (backchannelLogout(contextOf(request, new Jar())) as Promise<Response>).then(
          (response) => res.writeHead(response.status).end(),
        );
      });
    });
    await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
    provider = await startTestOidcProvider(
      REDIRECT_URI,
      `http://127.0.0.1:${port}/api/auth/backchannel-logout`,
    );
    api = await openApiHarness({
      NODE_ENV: 'test',
      PUBLIC_URL: PORTAL,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.clientId,
      OIDC_CLIENT_SECRET: TEST_CLIENT.clientSecret,
    });
    submissionId = await submitSampleClaim();
  });
  afterEach(() => {
    for (const user of DEMO_STAFF_USERS) provider.setRoles(user.sub, user.roles);
  });
  afterAll(async () => {
    await api.close();
    await provider.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('refuses the next staff write with 403 once 5 minutes have passed since the role was removed', async () => {
    const jar = new Jar();
    const start = await signIn(jar, claire!.sub);
    const at = (ms: number) => new Date(start.getTime() + ms);
    const sessionId = jar.values.get('staff_session') ?? '';
    expect((await staffWrite(jar, at(MINUTE))).status).toBe(200);

    provider.setRoles(claire!.sub, ['customer-support']);
    const grants = provider.refreshGrants();
    expect((await staffWrite(jar, at(5 * MINUTE - 1_000))).status).toBe(200);
    expect(provider.refreshGrants()).toBe(grants);

    const refused = await staffWrite(jar, at(5 * MINUTE + 1_000));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(await refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      errors: [
        {
          field: 'session',
          code: 'staffSessionEnded',
          // The staff portal is English only (decision 007); fr and cn are in the dictionaries.
          message: expect.stringMatching(/^Your staff access has ended/),
        },
      ],
    });
    expect(provider.refreshGrants()).toBe(grants + 1);
    expect(jar.has('staff_session')).toBe(false);

    // The session is gone for good: the old cookie names nothing, even with the role back.
    provider.setRoles(claire!.sub, claire!.roles);
    jar.set('staff_session', sessionId);
    expect((await staffWrite(jar, at(5 * MINUTE + 2_000))).status).toBe(401);
  });

  it('lets the session go on while the role holds, and moves its validation time', async () => {
    const jar = new Jar();
    const start = await signIn(jar, marc!.sub);
    const at = (ms: number) => new Date(start.getTime() + ms);
    const grants = provider.refreshGrants();
    const { rows } = await api.database.pool.query(
      'select provider_credential from staff_sessions where id_hash = $1',
      [tokenHash(jar.values.get('staff_session') ?? '')],
    );
    // Kept server-side and sealed: no token in the cookie, none readable in the table.
    expect(jar.values.get('staff_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rows[0].provider_credential.toString('latin1')).not.toMatch(/refresh|token/);

    expect((await staffWrite(jar, at(5 * MINUTE + 1_000))).status).toBe(200);
    expect(provider.refreshGrants()).toBe(grants + 1);
    expect(await checkedAt(jar)).toEqual(at(5 * MINUTE + 1_000));

    expect((await staffWrite(jar, at(9 * MINUTE))).status).toBe(200);
    expect(provider.refreshGrants()).toBe(grants + 1);

    expect((await staffWrite(jar, at(10 * MINUTE + 2_000))).status).toBe(200);
    expect(provider.refreshGrants()).toBe(grants + 2);
    expect(await checkedAt(jar)).toEqual(at(10 * MINUTE + 2_000));
  });

  it('asks the provider once for 10 concurrent requests of one session', async () => {
    const jar = new Jar();
    const start = await signIn(jar, marc!.sub);
    const grants = provider.refreshGrants();
    const later = new Date(start.getTime() + 6 * MINUTE);
    const answers = await Promise.all(Array.from({ length: 10 }, () => staffRead(jar, later)));
    expect(answers.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(provider.refreshGrants()).toBe(grants + 1);
  });

  it('refuses all 10 concurrent requests of a session whose role is gone, on one answer', async () => {
    const jar = new Jar();
    const start = await signIn(jar, marc!.sub);
    provider.setRoles(marc!.sub, []);
    const grants = provider.refreshGrants();
    const later = new Date(start.getTime() + 6 * MINUTE);
    const answers = await Promise.all(Array.from({ length: 10 }, () => staffRead(jar, later)));
    expect(answers.map((response) => response.status)).toEqual(Array(10).fill(403));
    expect(provider.refreshGrants()).toBe(grants + 1);
  });

  it('leaves the check to the portal process that claimed it, within the grace', async () => {
    const jar = new Jar();
    const start = await signIn(jar, marc!.sub);
    const later = new Date(start.getTime() + 6 * MINUTE);
    // Another process claimed the check a second ago and is asking the provider.
    await api.database.pool.query(
      'update staff_sessions set provider_check_claimed_at = $2 where id_hash = $1',
      [tokenHash(jar.values.get('staff_session') ?? ''), new Date(later.getTime() - 1_000)],
    );
    const grants = provider.refreshGrants();
    expect((await staffRead(jar, later)).status).toBe(200);
    expect(provider.refreshGrants()).toBe(grants);
  });

  it('ends a session whose role changed to auditor: its agent rights are not the provider’s word', async () => {
    const jar = new Jar();
    const start = await signIn(jar, ines!.sub);
    provider.setRoles(ines!.sub, ['claims-staff']);
    const refused = await staffRead(jar, new Date(start.getTime() + 5 * MINUTE + 1_000));
    expect(refused.status).toBe(403);
  });

  it('keeps an unreachable provider’s sessions for a 15-minute grace, then answers 503 until it is back', async () => {
    const jar = new Jar();
    const start = await signIn(jar, marc!.sub);
    const at = (ms: number) => new Date(start.getTime() + ms);
    provider.setReachable(false);
    try {
      expect((await staffWrite(jar, at(6 * MINUTE))).status).toBe(200);
      const unconfirmed = await staffWrite(jar, at(20 * MINUTE + 1_000));
      expect(unconfirmed.status).toBe(503);
      expect(unconfirmed.headers.get('retry-after')).toBe('5');
      expect(await unconfirmed.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        errors: [{ field: 'session', code: 'identityProviderUnavailable' }],
      });
    } finally {
      provider.setReachable(true);
    }
    // The session was kept: once the provider answers again (after the 30 s claim), it goes on.
    expect((await staffWrite(jar, at(20 * MINUTE + 40_000))).status).toBe(200);
    expect(await checkedAt(jar)).toEqual(at(20 * MINUTE + 40_000));
  });

  it('ends the session at once on a back-channel logout, without waiting for the 5 minutes', async () => {
    const jar = new Jar();
    const start = await signIn(jar, claire!.sub);
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect((await staffWrite(jar, at(MINUTE))).status).toBe(200);

    await provider.sendBackchannelLogout(claire!.sub);

    // The ended session's record says why: a 403 that names it, and the cookie is cleared.
    const refused = await staffWrite(jar, at(MINUTE + 1_000));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      errors: [{ field: 'session', code: 'staffSessionEnded' }],
    });
    expect(jar.has('staff_session')).toBe(false);
  });
});
