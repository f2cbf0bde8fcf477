import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationBody, VALID_PASSWORD } from '@contracts/identity/testing/identity-fixtures';
import { embeddedDatabaseUrl } from '@infra/postgres/embedded';
import { freePort } from '../support/free-port';
import { TestBrowser } from '../support/oidc-test-provider';
import { type SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { type LauncherProcess, spawnLauncher, waitUntilServing } from './launcher-process';

const CODE = /Code ?: ([A-Za-z0-9]+)/;

describe('customer identity through the running portal, with mail over real SMTP', () => {
  let dataDir: string;
  let smtp: SmtpCapture;
  let portal: LauncherProcess;
  let base: string;
  let postgresPort: number;
  const secrets: string[] = [];
  const email = 'helene.cote@example.com';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'claims-identity-'));
    await chmod(dataDir, 0o755);
    smtp = await startSmtpCapture();
    const port = await freePort();
    postgresPort = await freePort();
    base = `http://127.0.0.1:${port}`;
    portal = spawnLauncher({
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_POSTGRES_PORT: String(postgresPort),
      DEMO_DATA: 'off',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'debug',
    });
    await waitUntilServing(`${base}/en/`, portal);
  }, 180_000);

  afterAll(async () => {
    if (portal?.child.exitCode === null) {
      portal.child.kill('SIGINT');
      await portal.exited;
    }
    await smtp?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Looks in the portal's own database: how many accounts hold this email. */
  async function accountsWithEmail(address: string): Promise<number> {
    const db = new pg.Client({
      connectionString: embeddedDatabaseUrl(dataDir, postgresPort, 'claims'),
    });
    await db.connect();
    try {
      const { rows } = await db.query('select count(*) from identity_accounts where email = $1', [
        address,
      ]);
      return Number(rows[0].count);
    } finally {
      await db.end();
    }
  }

  /** Non-safe calls carry the double-submit CSRF token, as the site's scripts do. */
  async function call(browser: TestBrowser, path: string, body?: unknown, withCsrf = true) {
    const csrf = browser.cookie('csrf_token') ?? '';
    return browser.request(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(withCsrf ? { 'x-csrf-token': csrf } : {}),
      },
      body: JSON.stringify(body ?? {}),
    });
  }

  it('registers, verifies, signs in with a mailed one-time code, uses the session, then signs out', async () => {
    const browser = new TestBrowser();
    await browser.request(`${base}/fr/`);

    const registered = await call(
      browser,
      '/api/banktech/account_creation',
      registrationBody({ email, language: 'fr' }),
    );
    expect(registered.status).toBe(201);
    const { status, userId } = await registered.json();
    expect(status).toBe('VERIFICATION_CODE_REQUIRED');
    const verificationCode = await smtp.codeFor(email, CODE);
    secrets.push(verificationCode);
    const verified = await call(browser, '/api/banktech/verify_user', {
      user_id: userId,
      verification_code: verificationCode,
    });
    expect((await verified.json()).status).toBe('ACCOUNT_OK');

    const again = await call(
      browser,
      '/api/banktech/account_creation',
      registrationBody({ email }),
    );
    expect((await again.json()).status).toBe('ACCOUNT_EXISTS');

    const { flowId } = await (await call(browser, '/api/auth/flows')).json();
    const wrong = await call(browser, `/api/auth/flows/${flowId}/password`, {
      email,
      password: 'Wrong#Pass1',
    });
    expect((await wrong.json()).status).toBe('INVALID_CREDENTIALS');
    const checked = await call(browser, `/api/auth/flows/${flowId}/password`, {
      email,
      password: VALID_PASSWORD,
    });
    expect((await checked.json()).status).toBe('OTP_REQUIRED');
    const otp = await smtp.codeFor(email, CODE);
    secrets.push(otp);
    const completed = await call(browser, `/api/auth/flows/${flowId}/otp`, { otp });
    expect((await completed.json()).status).toBe('COMPLETED');

    const initiated = await call(browser, '/api/auth/session/initiate', { flowId });
    expect(initiated.status).toBe(200);
    expect((await initiated.json()).user.email).toBe(email);
    const sessionId = browser.cookie('session') ?? '';
    expect(sessionId).not.toBe('');
    secrets.push(sessionId);

    const me = await browser.request(`${base}/api/users/me`);
    expect(me.status).toBe(200);
    expect((await me.json()).data.email).toBe(email);
    const ownClaims = await (await browser.request(`${base}/api/claims`)).json();
    expect(ownClaims.claims).toEqual([]);

    expect((await call(browser, '/api/auth/session/refresh')).status).toBe(200);
    expect((await call(browser, '/api/auth/session/refresh', {}, false)).status).toBe(403);

    expect((await call(browser, '/api/auth/session/terminate')).status).toBe(204);
    expect((await browser.request(`${base}/api/users/me`)).status).toBe(401);
  }, 120_000);

  it('refuses an invalid registration field with its own code and creates nothing', async () => {
    const browser = new TestBrowser();
    await browser.request(`${base}/en/`);
    const other = 'someone.else@example.com';
    const refused = await call(
      browser,
      '/api/banktech/account_creation',
      registrationBody({ email: other, postalCode: '12345' }),
    );
    expect(refused.status).toBe(400);
    const problem = await refused.json();
    expect(problem.errors.map((e: { code: string }) => e.code)).toContain('postalCode.invalid');
    const { flowId } = await (await call(browser, '/api/auth/flows')).json();
    const signIn = await call(browser, `/api/auth/flows/${flowId}/password`, {
      email: other,
      password: VALID_PASSWORD,
    });
    expect((await signIn.json()).status).toBe('INVALID_CREDENTIALS');
  });

  /** Registers and verifies a customer through the API, as the registration page would. */
  async function registered(browser: TestBrowser, address: string) {
    await browser.request(`${base}/en/`);
    const { userId } = await (
      await call(browser, '/api/banktech/account_creation', registrationBody({ email: address }))
    ).json();
    const code = await smtp.codeFor(address, CODE);
    secrets.push(code);
    await call(browser, '/api/banktech/verify_user', { user_id: userId, verification_code: code });
    return userId as string;
  }

  async function signedIn(browser: TestBrowser, address: string, password = VALID_PASSWORD) {
    const { flowId } = await (await call(browser, '/api/auth/flows')).json();
    const checked = await (
      await call(browser, `/api/auth/flows/${flowId}/password`, { email: address, password })
    ).json();
    if (checked.status !== 'OTP_REQUIRED') throw new Error(checked.status);
    const otp = await smtp.codeFor(address, CODE);
    secrets.push(otp);
    await call(browser, `/api/auth/flows/${flowId}/otp`, { otp });
    await call(browser, '/api/auth/session/initiate', { flowId });
    secrets.push(browser.cookie('session') ?? '');
  }

  it('refuses a verification resend inside 60 s with 429 and Retry-After', async () => {
    const browser = new TestBrowser();
    await browser.request(`${base}/en/`);
    const address = 'resend.soon@example.com';
    const { userId } = await (
      await call(browser, '/api/banktech/account_creation', registrationBody({ email: address }))
    ).json();
    await smtp.codeFor(address, CODE);
    const resend = await call(browser, '/api/banktech/verify_user', {
      user_id: userId,
      resend: true,
    });
    expect(resend.status).toBe(429);
    expect(Number(resend.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('recovers a forgotten password with a mailed code; an unknown email gets the same answer', async () => {
    const browser = new TestBrowser();
    const address = 'forgot.me@example.com';
    await registered(browser, address);
    const unknown = await (
      await call(browser, '/api/auth/recovery', { email: 'nobody@example.com' })
    ).json();
    const started = await (await call(browser, '/api/auth/recovery', { email: address })).json();
    expect(Object.keys(unknown).sort()).toEqual(Object.keys(started).sort());
    expect(unknown.status).toBe(started.status);
    const recoveryCode = await smtp.codeFor(address, CODE);
    secrets.push(recoveryCode);
    const newPassword = 'Fresh#Start9';
    const reset = await call(browser, `/api/auth/recovery/${started.flowId}`, {
      recoveryCode,
      newPassword,
      confirmPassword: newPassword,
    });
    expect((await reset.json()).status).toBe('COMPLETED');
    // The reset also mails the code that resumes sign-in at the verification screen.
    secrets.push(await smtp.codeFor(address, CODE));
    await signedIn(browser, address, newPassword);
    expect((await browser.request(`${base}/api/users/me`)).status).toBe(200);
  });

  it('updates the profile but never the names or institution; a password change ends the sessions', async () => {
    const browser = new TestBrowser();
    const address = 'profile.owner@example.com';
    await registered(browser, address);
    await signedIn(browser, address);
    const { data: before } = await (await browser.request(`${base}/api/users/me`)).json();
    const csrf = browser.cookie('csrf_token') ?? '';
    const {
      firstName: _f,
      lastName: _l,
      financialInstitution: _i,
      email: _e,
      language: _lang,
      id: _id,
      ...updatable
    } = before;
    const updated = await browser.request(`${base}/api/users/me`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify({
        ...registrationBody(),
        ...updatable,
        city: 'Québec',
        firstName: 'Mallory',
        financialInstitution: 'Other Bank',
      }),
    });
    expect(updated.status).toBe(200);
    const { data: after } = await updated.json();
    expect(after).toMatchObject({
      city: 'Québec',
      firstName: before.firstName,
      financialInstitution: before.financialInstitution,
    });

    const changed = await call(browser, '/api/users/me/password', {
      currentPassword: VALID_PASSWORD,
      newPassword: 'Another#Key7',
      confirmPassword: 'Another#Key7',
    });
    expect(changed.status).toBe(204);
    expect((await browser.request(`${base}/api/users/me`)).status).toBe(401);
  });

  it('locks sign-in after wrong one-time codes; the right code no longer works', async () => {
    const browser = new TestBrowser();
    const address = 'many.tries@example.com';
    await registered(browser, address);
    const { flowId } = await (await call(browser, '/api/auth/flows')).json();
    await call(browser, `/api/auth/flows/${flowId}/password`, {
      email: address,
      password: VALID_PASSWORD,
    });
    const otp = await smtp.codeFor(address, CODE);
    secrets.push(otp);
    const wrongCode = otp === '000000' ? '111111' : '000000';
    const statuses: string[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      statuses.push(
        (await (await call(browser, `/api/auth/flows/${flowId}/otp`, { otp: wrongCode })).json())
          .status,
      );
    }
    expect(statuses).toContain('PASSWORD_LOCKED_OUT');
    const right = await (await call(browser, `/api/auth/flows/${flowId}/otp`, { otp })).json();
    expect(right.status).not.toBe('COMPLETED');
  });

  it.each([
    ['firstName', 'J4ne', 'firstName.'],
    ['lastName', '', 'lastName.'],
    ['dateOfBirth', '2015-01-01', 'dateOfBirth.'],
    ['financialInstitution', '', 'financialInstitution.'],
    ['addressLine1', 'x'.repeat(61), 'addressLine1.'],
    ['addressLine2', 'y'.repeat(41), 'addressLine2.'],
    ['city', 'c'.repeat(51), 'city.'],
    ['province', 'XX', 'province.'],
    ['postalCode', '12345', 'postalCode.'],
    ['country', '', 'country.'],
    ['phone', '123', 'phone.'],
    ['email', 'not-an-email', 'email.'],
    ['password', 'password1A!', 'password.'],
    ['reenterPassword', 'Other#Pass9', 'password.mismatch'],
    ['termsAccepted', false, 'termsAccepted.'],
  ])(
    'refuses a bad %s with its own field error code and creates nothing',
    async (field, value, codePrefix) => {
      const browser = new TestBrowser();
      await browser.request(`${base}/en/`);
      const address = `field.${field.toLowerCase()}@example.com`;
      const body = registrationBody({
        email: address,
        [field]: value,
        ...(field === 'email' ? {} : {}),
      });
      const refused = await call(browser, '/api/banktech/account_creation', body);
      expect(refused.status).toBe(400);
      const { errors } = await refused.json();
      const error = errors.find((e: { field: string }) => e.field === field);
      expect(error?.code.startsWith(codePrefix), `${field}: ${error?.code}`).toBe(true);
      expect(await accountsWithEmail(address)).toBe(0);
    },
  );

  it('answers a filled honeypot like a success and creates nothing', async () => {
    const browser = new TestBrowser();
    await browser.request(`${base}/en/`);
    const address = 'honey.pot@example.com';
    const trapped = await call(browser, '/api/banktech/account_creation', {
      ...registrationBody({ email: address }),
      website: 'http://spam.example',
    });
    expect(trapped.status).toBe(201);
    expect(await accountsWithEmail(address)).toBe(0);
    // A trapped recovery for a real account answers alike and mails nothing.
    const real = 'honey.recovery@example.com';
    await registered(browser, real);
    const mailsBefore = smtp.messages.length;
    const recovery = await call(browser, '/api/auth/recovery', { email: real, website: 'x' });
    expect(recovery.status).toBe(201);
    expect((await recovery.json()).status).toBe('RECOVERY_CODE_REQUIRED');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.messages.length).toBe(mailsBefore);

    // A trapped sign-in is told the credentials are wrong, with the right password, and no code is mailed.
    const { flowId } = await (await call(browser, '/api/auth/flows')).json();
    const signIn = await call(browser, `/api/auth/flows/${flowId}/password`, {
      email: real,
      password: VALID_PASSWORD,
      website: 'x',
    });
    expect((await signIn.json()).status).toBe('INVALID_CREDENTIALS');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.length).toBe(mailsBefore);
  });

  it('writes no password, one-time code or session id to its logs', () => {
    const logs = portal.output();
    expect(logs.length).toBeGreaterThan(0);
    // A secret standing alone: a six-digit code may occur inside a random request id by chance
    // (07fd1b24-…-1a3575646341 held 646341 once), which is no leak of the code.
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const secret of [...secrets, VALID_PASSWORD])
      expect(logs).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${literal(secret)}(?![0-9A-Za-z])`));
  });
});
