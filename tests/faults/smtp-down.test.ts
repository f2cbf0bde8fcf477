import { registrationBody, VALID_PASSWORD } from '@contracts/identity/testing/identity-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { TestBrowser } from '../support/oidc-test-provider';
import { type SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { call, countRows, type PortalUnderTest, startPortalUnderTest } from './portal-under-test';

const CODE = /Code ?: ([A-Za-z0-9]+)/;

describe('the SMTP server is down while customers register and sign in', () => {
  let smtpPort: number;
  let smtp: SmtpCapture | undefined;
  let portal: PortalUnderTest;
  const browser = new TestBrowser();
  const email = `smtp.down.${Date.now()}@example.test`;
  const queued = () => countRows(portal.db, 'select count(*) from mail_queue');
  const waitUntilQueueHolds = async (n: number) => {
    await expect.poll(queued, { timeout: 15_000 }).toBe(n);
  };

  beforeAll(async () => {
    smtpPort = await freePort(); // nothing listens there yet: SMTP is down
    portal = await startPortalUnderTest({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      DEMO_DATA: 'off',
    });
    await browser.request(`${portal.base}/en/`);
  }, 240_000);

  afterAll(async () => {
    await portal?.stop();
    await smtp?.stop();
  });

  it('queues the verification code, and mails it once the server is back', async () => {
    const registered = await call(
      browser,
      portal.base,
      '/api/banktech/account_creation',
      registrationBody({ email }),
    );
    expect(registered.status).toBe(201);
    const { userId, status } = (await registered.json()) as { userId: string; status: string };
    expect(status).toBe('VERIFICATION_CODE_REQUIRED');
    await waitUntilQueueHolds(1);
    await expect
      .poll(
        async () => (await portal.db.query('select attempts from mail_queue')).rows[0]?.attempts,
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThanOrEqual(1);

    smtp = await startSmtpCapture(smtpPort);
    const code = await smtp.codeFor(email, CODE, 45_000);
    await waitUntilQueueHolds(0);
    const verified = await call(browser, portal.base, '/api/banktech/verify_user', {
      user_id: userId,
      verification_code: code,
    });
    expect(((await verified.json()) as { status: string }).status).toBe('ACCOUNT_OK');
    expect(portal.launcher.output()).not.toContain(code);
  }, 90_000);

  it('queues the sign-in code while the server is down again, and the sign-in completes after', async () => {
    await smtp?.stop();
    smtp = undefined;
    const { flowId } = (await (await call(browser, portal.base, '/api/auth/flows', {})).json()) as {
      flowId: string;
    };
    const checked = await call(browser, portal.base, `/api/auth/flows/${flowId}/password`, {
      email,
      password: VALID_PASSWORD,
    });
    expect(checked.status).toBe(200);
    expect(((await checked.json()) as { status: string }).status).toBe('OTP_REQUIRED');
    await waitUntilQueueHolds(1);

    smtp = await startSmtpCapture(smtpPort);
    const otp = await smtp.codeFor(email, CODE, 45_000);
    const completed = await call(browser, portal.base, `/api/auth/flows/${flowId}/otp`, { otp });
    expect(((await completed.json()) as { status: string }).status).toBe('COMPLETED');
    expect(
      (await call(browser, portal.base, '/api/auth/session/initiate', { flowId })).status,
    ).toBe(200);
    await waitUntilQueueHolds(0);
    expect(portal.launcher.output()).not.toContain(otp);
  }, 90_000);
});
