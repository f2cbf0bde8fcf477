import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { signInAsDemoCustomerAt } from '../support/demo-customer-sign-in';
import { chooseDemoUser, TestBrowser } from '../support/oidc-test-provider';
import { type LauncherProcess, spawnLauncher, waitUntilServing } from './launcher-process';

describe('launcher configuration', () => {
  it('stops with exit code 2 and names every bad variable', async () => {
    const launcher = spawnLauncher({ PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(await launcher.exited).toBe(2);
    expect(launcher.output()).toMatch(/PORT="abc"/);
    expect(launcher.output()).toMatch(/LOG_LEVEL="loud"/);
  });
});

describe('launcher on embedded defaults', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let base: string;
  let running: LauncherProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'claims-launcher-'));
    // Postgres runs as its own user when we are root: let it through.
    await chmod(dataDir, 0o755);
    const port = await freePort();
    env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      DEMO_DATA: 'on',
    };
    base = `http://127.0.0.1:${port}`;
    // Started here, not in the first test, so that any test of the file runs alone (`-t`).
    running = spawnLauncher(env);
    await waitUntilServing(`${base}/en/`, running);
  }, 180_000);

  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGINT');
      await running.exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves both languages, redirects / and answers unknown paths with the 404 page', async () => {
    const launcher = running;
    await expect.poll(() => launcher?.output()).toContain(`(Node ${process.version})`);
    expect(process.versions.node.split('.')[0]).toBe('24');
    expect((await fetch(`${base}/fr/`)).status).toBe(200);
    const root = await fetch(`${base}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/en/');
    const unknown = await fetch(`${base}/no/such/page`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toMatch(/404/);
  });

  const signInAsDemoCustomer = async (browser: TestBrowser) => {
    const { email, password } = await signInAsDemoCustomerAt(browser, base, dataDir);
    expect(running?.output()).not.toContain(password);
    return email;
  };

  it('creates the demo customer account; it signs in with the code from the mail outbox', async () => {
    expect((await stat(join(dataDir, 'demo-credentials.txt'))).mode & 0o777).toBe(0o600);
    const browser = new TestBrowser();
    const email = await signInAsDemoCustomer(browser);
    const me = await (await browser.request(`${base}/api/users/me`)).json();
    expect(me.data.email).toBe(email);
    const claims = await (await browser.request(`${base}/api/claims`)).json();
    expect(claims.claims).toHaveLength(2);
  });

  it('without a session, customer pages send visitors home and customer calls answer 401', async () => {
    const page = await fetch(`${base}/en/dashboard`, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/en/?next=%2Fen%2Fdashboard');
    expect((await fetch(`${base}/api/claims`)).status).toBe(401);
  });

  it('signs staff in through the development provider it serves, then staff search works', async () => {
    const browser = new TestBrowser();
    const init = await browser.request(`${base}/api/auth/init`);
    expect(init.status).toBe(302);
    const authorization = new URL(init.headers.get('location') ?? '', base);
    expect(authorization.href.startsWith(`${base}/oidc/`)).toBe(true);
    const callback = await chooseDemoUser(
      browser,
      authorization,
      'dev-agent-claire',
      `${base}/api/auth/callback`,
    );
    const signedIn = await browser.request(callback);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get('location')).toBe('/admin/dashboard');

    const validate = await browser.request(`${base}/api/auth/validate`);
    expect(validate.status).toBe(200);
    expect(await validate.json()).toMatchObject({
      valid: true,
      userData: { email: 'claire.tremblay@claims-portal.local' },
    });
    const found = await browser.request(
      `${base}/api/admin/claims/search?type=email&value=marie.tremblay@example.com`,
    );
    expect(found.status).toBe(200);
    expect((await found.json()).rows.length).toBeGreaterThanOrEqual(2);

    await browser.request(`${base}/api/auth/logout`);
    expect((await browser.request(`${base}/api/auth/validate`)).status).toBe(401);
  }, 60_000);

  /** As the claim form does: a page visit gives the csrf_token cookie, the call echoes it. */
  async function submitClaim(browser: TestBrowser, csrf: 'echoed' | 'absent' | 'wrong') {
    await browser.request(`${base}/en/`);
    const token = browser.cookie('csrf_token') ?? '';
    // A wrong token of the very same length: only a real comparison tells it apart.
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const sent = { echoed: token, absent: undefined, wrong }[csrf];
    return browser.request(`${base}/api/claims`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(sent === undefined ? {} : { 'x-csrf-token': sent }),
      },
      body: JSON.stringify({
        policyNumber: 'KILL-9',
        productCode: '110',
        productType: 'Loans',
        claimType: 'Critical Illness',
      }),
    });
  }

  it('refuses a non-safe call without the CSRF token, or with a wrong one, with 403 and changes nothing', async () => {
    const browser = new TestBrowser();
    await signInAsDemoCustomer(browser);
    const count = async () =>
      ((await (await browser.request(`${base}/api/claims`)).json()) as { claims: unknown[] }).claims
        .length;
    const before = await count();
    for (const csrf of ['absent', 'wrong'] as const) {
      const refused = await submitClaim(browser, csrf);
      expect(refused.status, csrf).toBe(403);
      expect(refused.headers.get('content-type'), csrf).toContain('application/problem+json');
    }
    expect(await count()).toBe(before);
  });

  it('after kill -9 it starts again and still lists the earlier claims, demo data added once', async () => {
    const browser = new TestBrowser();
    await signInAsDemoCustomer(browser);
    const submitted = await submitClaim(browser, 'echoed');
    expect(submitted.status).toBe(201);
    const { submissionId } = (await submitted.json()) as { submissionId: string };

    running?.child.kill('SIGKILL');
    await running?.exited;
    running = spawnLauncher(env);
    await waitUntilServing(`${base}/en/`, running);

    const listed = (await (await browser.request(`${base}/api/claims`)).json()) as {
      claims: Array<{ submissionId: string; policyNumber: string }>;
    };
    expect(listed.claims.map((c) => c.submissionId)).toContain(submissionId);
    expect(listed.claims.filter((c) => c.policyNumber === 'MTG-448201')).toHaveLength(1);

    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);
  }, 240_000);
});
