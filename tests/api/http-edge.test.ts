import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '@infra/postgres/embedded';
import { codeFromOutbox, signInAsDemoCustomerAt } from '../support/demo-customer-sign-in';
import { freePort } from '../support/free-port';
import { signInAsDemoStaffAt, TestBrowser } from '../support/oidc-test-provider';
import { closeAgents, type RawAnswer, type RawRequest, send } from '../support/raw-http';
import { shapeViolations } from '../support/refusal-shape';
import { type PortalUnderTest, startPortalUnderTest } from '../faults/portal-under-test';

const TRUSTED_PROXY = '127.0.0.2';
const OTHER_CLIENT = '127.0.0.3';

/** Set-Cookie lines of an answer, by cookie name. */
function setCookies(answer: RawAnswer): Map<string, string> {
  const lines = answer.headers['set-cookie']?.split('\n') ?? [];
  return new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line]));
}

/**
 * Issue 25, the HTTP edge, against `npm start`'s launcher on a Postgres of the test's own
 * (so it can be stopped): every answer, whoever writes it (the edge, Astro, the middleware, an
 * endpoint), has one refusal shape and every security header; personal answers are no-store;
 * forwarded headers count only from TRUST_PROXY; pages answer 503 while Postgres is down.
 */
describe('the HTTP edge', () => {
  let postgresDir: string;
  let postgres: EmbeddedPostgres;
  let portal: PortalUnderTest;
  let port: number;
  const customer = new TestBrowser();
  const staff = new TestBrowser();
  let claimId = '';
  let asset = '';

  const as = (browser: TestBrowser, names: string[]) =>
    names
      .map((name) => [name, browser.cookie(name)] as const)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  const customerCookie = () => as(customer, ['session', 'csrf_token']);
  const staffCookie = () => as(staff, ['staff_session', 'csrf_token']);

  async function expectShape(spec: RawRequest, status: number, dependencyDown = false) {
    const answer = await send(port, spec);
    const label = `${spec.method} ${spec.path}`;
    expect(answer.status, label).toBe(status);
    expect(shapeViolations(spec.path, spec.method, answer, { dependencyDown }), label).toEqual([]);
    return answer;
  }

  beforeAll(async () => {
    postgresDir = await mkdtemp(join(tmpdir(), 'claims-http-edge-'));
    await chmod(postgresDir, 0o755);
    postgres = await startEmbeddedPostgres({
      dataDir: postgresDir,
      port: await freePort(),
      database: 'claims',
    });
    portal = await startPortalUnderTest({ DATABASE_URL: postgres.url, TRUST_PROXY: TRUSTED_PROXY });
    port = Number(new URL(portal.base).port);
    await signInAsDemoCustomerAt(customer, portal.base, portal.dataDir);
    const list = await (await customer.request(`${portal.base}/api/claims`)).json();
    claimId = (list as { claims: { submissionId: string }[] }).claims[0]?.submissionId ?? '';
    await signInAsDemoStaffAt(staff, portal.base);
    const home = await (await fetch(`${portal.base}/en/`)).text();
    asset = /"(\/_astro\/[^"]+\.js)"/.exec(home)?.[1] ?? '';
  }, 240_000);

  afterAll(async () => {
    closeAgents();
    await portal?.stop();
    await postgres?.stop();
    await rm(postgresDir, { recursive: true, force: true });
  });

  it('has signed a customer and a staff member in, and found a claim and an asset', () => {
    expect(claimId).toMatch(/^[0-9a-f-]{36}$/);
    expect(staff.cookie('staff_session')).toBeTruthy();
    expect(asset).toMatch(/^\/_astro\//);
  });

  it('redirects and static assets carry every security header', async () => {
    for (const path of ['/', '/en', '/admin', '/admin/search/', '/fr']) {
      const answer = await expectShape({ method: 'GET', path }, 302);
      expect(answer.headers['cache-control'], path).toBe('no-store');
    }
    for (const path of [asset, '/favicon.svg']) {
      const answer = await expectShape({ method: 'GET', path }, 200);
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    await expectShape({ method: 'GET', path: '/_astro/no-such-file.js' }, 404);
  });

  it("answers Astro's own refusals in the portal's shape", async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const page = await expectShape(
      {
        method: 'POST',
        path: '/en/',
        headers: { ...form, origin: 'https://evil.example' },
        body: 'a=b',
      },
      403,
    );
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const api = await expectShape(
      {
        method: 'POST',
        path: '/api/claims',
        headers: { ...form, origin: 'https://evil.example' },
        body: 'a=b',
      },
      403,
    );
    expect(JSON.parse(api.body)).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    await expectShape({ method: 'DELETE', path: '/api/claims/draft' }, 403);
  });

  it('unknown paths, methods, URLs and Hosts: 404, 405 with Allow, 400', async () => {
    const notFound = await expectShape({ method: 'GET', path: '/api/no-such-thing' }, 404);
    expect(JSON.parse(notFound.body)).toMatchObject({ code: 'NOT_FOUND' });
    await expectShape({ method: 'GET', path: '/api/openapi.json/' }, 404);
    await expectShape({ method: 'GET', path: '/en/no-such-page' }, 404);

    const trace = await expectShape({ method: 'TRACE', path: '/api/claims' }, 405);
    expect(trace.headers.allow).toBe('GET, HEAD, POST');
    expect(JSON.parse(trace.body)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    const tracePage = await expectShape({ method: 'TRACE', path: '/fr/faq' }, 405);
    expect(tracePage.headers.allow).toBe('GET, HEAD');
    expect(tracePage.body).toContain('lang="fr"');
    const put = await expectShape(
      {
        method: 'PUT',
        path: '/api/claims',
        headers: {
          cookie: customerCookie(),
          'x-csrf-token': customer.cookie('csrf_token') ?? '',
          'content-type': 'application/json',
        },
        body: '{}',
      },
      405,
    );
    expect(put.headers.allow).toBe('GET, HEAD, POST');
    await expectShape({ method: 'PROPFIND', path: '/en/' }, 405);

    for (const path of ['/en/%ff', '/api/claims/%ff', '/en/%']) {
      await expectShape({ method: 'GET', path }, 400);
    }
    for (const host of ['', 'claims.example:1:2', 'a b', `localhost:${port}:${port}`]) {
      const answer = await expectShape({ method: 'GET', path: '/en/', headers: { host } }, 400);
      expect(answer.headers.location, host).toBeUndefined();
    }
    const apiHost = await expectShape(
      { method: 'GET', path: '/api/health', headers: { host: '' } },
      400,
    );
    expect(JSON.parse(apiHost.body)).toMatchObject({ errors: [{ field: 'host' }] });
  });

  it('no-store on every authenticated page and every personal-data answer', async () => {
    const customerPaths = [
      '/en/dashboard',
      '/fr/dashboard',
      '/en/profile',
      '/en/add-claim',
      `/en/claim/${claimId}`,
      '/api/users/me',
      '/api/claims',
      `/api/claims/${claimId}`,
      `/api/claims/${claimId}/documents`,
      '/api/claims/draft',
    ];
    for (const path of customerPaths) {
      const answer = await expectShape(
        { method: 'GET', path, headers: { cookie: customerCookie() } },
        200,
      );
      expect(answer.headers['cache-control'], path).toContain('no-store');
    }
    const email = encodeURIComponent('marie.tremblay@example.com');
    const staffPaths = [
      '/admin/dashboard',
      '/admin/search',
      `/admin/claim?id=${claimId}`,
      `/api/admin/claims/search?type=email&value=${email}`,
      `/api/admin/claims/${claimId}`,
      `/api/admin/claims/${claimId}/history`,
      `/api/admin/claims/${claimId}/events`,
      `/api/admin/claims/${claimId}/as-of?at=${encodeURIComponent(new Date().toISOString())}`,
      '/api/auth/validate',
    ];
    for (const path of staffPaths) {
      const answer = await expectShape(
        { method: 'GET', path, headers: { cookie: staffCookie() } },
        200,
      );
      expect(answer.headers['cache-control'], path).toContain('no-store');
    }
  });

  describe('TRUST_PROXY', () => {
    const forwarded = (client: string) => ({
      'x-forwarded-for': client,
      'x-forwarded-proto': 'https',
    });

    it('from the trusted proxy: https is believed, so cookies are Secure and __Host-', async () => {
      const answer = await send(port, {
        method: 'GET',
        path: '/en/',
        localAddress: TRUSTED_PROXY,
        headers: forwarded('198.51.100.1'),
      });
      expect(answer.status).toBe(200);
      const cookies = setCookies(answer);
      expect(cookies.get('__Host-csrf_token')).toMatch(/; Path=\/; Secure; SameSite=Lax$/);
      expect(cookies.has('csrf_token')).toBe(false);
      expect(cookies.get('lang')).toContain('Secure');
      expect(answer.headers['strict-transport-security']).toMatch(/^max-age=/);
    });

    it('from anyone else: the same headers are ignored', async () => {
      const answer = await send(port, {
        method: 'GET',
        path: '/en/',
        localAddress: OTHER_CLIENT,
        headers: forwarded('198.51.100.1'),
      });
      const cookies = setCookies(answer);
      expect(cookies.get('csrf_token')).not.toContain('Secure');
      expect(cookies.has('__Host-csrf_token')).toBe(false);
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    });

    it('signs in behind the proxy with a __Host- Secure session cookie and a new CSRF token', async () => {
      const jar = new Map<string, string>();
      const behindProxy = async (method: string, path: string, body?: unknown) => {
        const token = jar.get('__Host-csrf_token') ?? '';
        const answer = await send(port, {
          method,
          path,
          localAddress: TRUSTED_PROXY,
          headers: {
            ...forwarded('198.51.100.9'),
            cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
            ...(body === undefined
              ? {}
              : { 'x-csrf-token': token, 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        for (const [name, line] of setCookies(answer)) {
          jar.set(name, line.slice(name.length + 1, line.indexOf(';')));
        }
        return answer;
      };
      await behindProxy('GET', '/en/');
      const before = jar.get('__Host-csrf_token');
      expect(before).toBeTruthy();
      const credentials = await readFile(join(portal.dataDir, 'demo-credentials.txt'), 'utf8');
      const email = /email: (.+)/.exec(credentials)?.[1] ?? '';
      const password = /password: (.+)/.exec(credentials)?.[1] ?? '';
      const { flowId } = JSON.parse((await behindProxy('POST', '/api/auth/flows', {})).body);
      const mails = async () => (await readdir(join(portal.dataDir, 'mail'))).length;
      const mailsBefore = await mails();
      const checked = await behindProxy('POST', `/api/auth/flows/${flowId}/password`, {
        email,
        password,
      });
      expect(JSON.parse(checked.body)).toMatchObject({ status: 'OTP_REQUIRED' });
      await vi.waitFor(async () => expect(await mails()).toBeGreaterThan(mailsBefore));
      const otp = await codeFromOutbox(join(portal.dataDir, 'mail'));
      await behindProxy('POST', `/api/auth/flows/${flowId}/otp`, { otp });
      const initiated = await behindProxy('POST', '/api/auth/session/initiate', { flowId });
      expect(initiated.status).toBe(200);
      const cookies = setCookies(initiated);
      expect(cookies.get('__Host-session')).toMatch(/; Path=\/; .*HttpOnly; Secure; SameSite=Lax$/);
      expect(cookies.has('session')).toBe(false);
      const after = jar.get('__Host-csrf_token');
      expect(after).toBeTruthy();
      expect(after).not.toBe(before);
      expect(JSON.parse(initiated.body).csrfToken).toBe(after);

      const me = await behindProxy('GET', '/api/users/me');
      expect(me.status).toBe(200);
      expect(me.headers['cache-control']).toContain('no-store');
      // The same session id under the plain name is not believed under https.
      const session = jar.get('__Host-session') ?? '';
      const plain = await send(port, {
        method: 'GET',
        path: '/api/users/me',
        localAddress: TRUSTED_PROXY,
        headers: { ...forwarded('198.51.100.9'), cookie: `session=${session}` },
      });
      expect(plain.status).toBe(401);
      // Nor does a client that is not the proxy get https by saying so: its cookie is plain.
      const direct = await send(port, {
        method: 'GET',
        path: '/api/users/me',
        localAddress: OTHER_CLIENT,
        headers: { ...forwarded('198.51.100.9'), cookie: `__Host-session=${session}` },
      });
      expect(direct.status).toBe(401);
    }, 60_000);

    it('per-address limits count the forwarded client from the proxy, the socket otherwise', async () => {
      const start = async (localAddress: string, client: string) => {
        const page = await send(port, {
          method: 'GET',
          path: '/en/',
          localAddress,
          headers: forwarded(client),
        });
        const cookie = (page.headers['set-cookie'] ?? '').split('\n')[0]?.split(';')[0] ?? '';
        const token = cookie.slice(cookie.indexOf('=') + 1);
        return send(port, {
          method: 'POST',
          path: '/api/auth/flows',
          localAddress,
          headers: {
            ...forwarded(client),
            cookie,
            'x-csrf-token': token,
            'content-type': 'application/json',
          },
          body: '{}',
        });
      };
      // The sign-in-start limit is 60 a quarter-hour per address.
      const statuses = async (
        localAddress: string,
        clients: (n: number) => string,
        count: number,
      ) => {
        const seen: number[] = [];
        for (let n = 0; n < count; n += 1)
          seen.push((await start(localAddress, clients(n))).status);
        return seen;
      };
      const oneClient = await statuses(TRUSTED_PROXY, () => '198.51.100.20', 61);
      expect(oneClient.slice(0, 59).every((status) => status === 201)).toBe(true);
      expect(oneClient.at(-1)).toBe(429);
      // Another client behind the same proxy has a bucket of its own.
      expect((await start(TRUSTED_PROXY, '198.51.100.21')).status).toBe(201);

      // From elsewhere, a new X-Forwarded-For each time changes nothing: one socket, one bucket.
      const spoofed = await statuses(OTHER_CLIENT, (n) => `203.0.113.${n + 1}`, 61);
      expect(spoofed.at(-1)).toBe(429);
      const limited = await start(OTHER_CLIENT, '203.0.113.250');
      expect(limited.status).toBe(429);
      expect(shapeViolations('/api/auth/flows', 'POST', limited)).toEqual([]);
    }, 120_000);
  });

  it('while Postgres is down: pages answer the 503 error page, the API 503 problem+json, with Retry-After', async () => {
    await postgres.stop();
    const pages = ['/en/dashboard', '/fr/', `/en/claim/${claimId}`, '/admin/dashboard'];
    for (const path of pages) {
      const cookie = path.startsWith('/admin') ? staffCookie() : customerCookie();
      const answer = await expectShape({ method: 'GET', path, headers: { cookie } }, 503, true);
      expect(answer.headers['retry-after'], path).toBe('5');
      expect(answer.headers['content-type'], path).toMatch(/^text\/html/);
      expect(answer.body, path).toContain('class="error-page"');
    }
    const api = await expectShape(
      { method: 'GET', path: '/api/claims', headers: { cookie: customerCookie() } },
      503,
      true,
    );
    expect(JSON.parse(api.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  }, 60_000);
});
