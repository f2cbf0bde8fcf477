import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '@contracts/errors';
import type { Mailer } from '@contracts/mail';
import { RateLimitedError } from '@contracts/identity/rate-limited-error';
import { LOCKOUT } from './limits';
import { readProfile } from './profile';
import { requestPasswordRecovery, resendRecoveryCode, resetPassword } from './recovery';
import { lookupSession } from './sessions';
import { checkPassword, checkSignInCode, startSignIn } from './sign-in';
import {
  completeSignIn,
  type IdentityHarness,
  openIdentityHarness,
  registerCustomer,
  signedInSession,
  uniqueEmail,
  uniqueOrigin,
} from '@tests/support/identity/identity-harness';

let harness: IdentityHarness;
beforeAll(async () => {
  harness = await openIdentityHarness();
});
afterAll(() => harness.close());

const NEW_PASSWORD = 'Fresh#Start7';
const resetBody = (recoveryCode: string, password = NEW_PASSWORD) => ({
  recoveryCode,
  newPassword: password,
  confirmPassword: password,
});

async function recovering(email: string, origin = uniqueOrigin()) {
  const started = await requestPasswordRecovery(harness.ports, { email }, origin);
  return { ...started, origin };
}

describe('forgot password', () => {
  it('given an account, when a recovery is asked, then RECOVERY_CODE_REQUIRED and a 6-character code is mailed', async () => {
    const customer = await registerCustomer(harness, { overrides: { language: 'fr' } });

    const started = await recovering(customer.email.toUpperCase());

    expect(started).toMatchObject({
      status: 'RECOVERY_CODE_REQUIRED',
      flowId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      resendAvailableAt: new Date(harness.clock.now().getTime() + 120_000).toISOString(),
    });
    const mail = await harness.smtp.waitFor(customer.email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe du Portail des réclamations');
    expect(mail.text).toMatch(/^Code : [A-Z2-9]{6}$/m);
  });

  it('given an email with no account, when a recovery is asked, then the same answer, the same rows, and no mail', async () => {
    const customer = await registerCustomer(harness);
    const nobody = uniqueEmail('nobody');

    const known = await recovering(customer.email);
    const unknown = await recovering(nobody);

    const shape = ({ flowId, origin, ...rest }: typeof known) => ({
      ...rest,
      flowId: flowId.length,
    });
    expect(shape(unknown)).toEqual(shape(known));
    await harness.codeFor(customer.email);
    await expect(harness.smtp.waitFor(nobody, undefined, 300)).rejects.toThrow(/no mail/);
    const { rows } = await harness.database.pool.query(
      `select count(*)::int as flows, count(account_id)::int as with_account
       from identity_flows where kind = 'recovery' and email = $1`,
      [nobody],
    );
    expect(rows[0]).toEqual({ flows: 1, with_account: 0 });
    expect(
      await resetPassword(harness.ports, unknown.flowId, resetBody('ABC234'), unknown.origin),
    ).toEqual({ status: 'INVALID_VALUE', code: 'WRONG_CODE' });
  });

  it('given a slow mail server, when a recovery is asked for an account, then the answer does not wait for the mail', async () => {
    const customer = await registerCustomer(harness);
    const smtp = harness.smtpMailer();
    const slow: Mailer = {
      send: (message) => new Promise((r) => setTimeout(r, 1_500)).then(() => smtp.send(message)),
      close: () => smtp.close(),
    };

    const started = Date.now();
    await requestPasswordRecovery(
      harness.withMailer(slow),
      { email: customer.email },
      uniqueOrigin(),
    );

    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await harness.codeFor(customer.email)).toMatch(/^[A-Z2-9]{6}$/);
    await slow.close();
  });
});

describe('a recovery mail that fails after the answer', () => {
  const refusing: Mailer = {
    send: () => Promise.reject(new Error('550 mailbox unavailable (test)')),
    close: async () => {},
  };

  it('given a reporter, when the mail server refuses, then the answer is the usual one and the reporter gets the error', async () => {
    const customer = await registerCustomer(harness);
    let report: (error: unknown) => void = () => {};
    const reported = new Promise<unknown>((resolve) => {
      report = resolve;
    });
    const ports = { ...harness.withMailer(refusing), reportError: report };
    const answer = await requestPasswordRecovery(ports, { email: customer.email }, uniqueOrigin());
    expect(answer.status).toBe('RECOVERY_CODE_REQUIRED');
    expect(await reported).toEqual(new Error('550 mailbox unavailable (test)'));
  });

  it('given no reporter, when the mail server refuses, then a process warning carries the error message', async () => {
    const customer = await registerCustomer(harness);
    const warned = new Promise<Error>((resolve) => process.once('warning', resolve));
    await requestPasswordRecovery(
      harness.withMailer(refusing),
      { email: customer.email },
      uniqueOrigin(),
    );
    expect((await warned).message).toBe('550 mailbox unavailable (test)');
  });

  it('given no reporter, when the mail fails with something not an Error, then the warning says the identity mail failed', async () => {
    const customer = await registerCustomer(harness);
    const odd: Mailer = { send: () => Promise.reject('421 closing'), close: async () => {} };
    const warned = new Promise<Error>((resolve) => process.once('warning', resolve));
    await requestPasswordRecovery(
      harness.withMailer(odd),
      { email: customer.email },
      uniqueOrigin(),
    );
    expect((await warned).message).toBe('identity mail failed');
  });
});

describe('reset password', () => {
  it('given the mailed code and a new password, when reset, then COMPLETED: the new password works, the old does not, sessions end and the owner is told', async () => {
    const customer = await registerCustomer(harness);
    const session = await signedInSession(harness, customer);
    const { flowId, origin } = await recovering(customer.email);
    const code = await harness.codeFor(customer.email);

    const reset = await resetPassword(harness.ports, flowId, resetBody(code.toLowerCase()), origin);
    expect(reset).toMatchObject({ status: 'COMPLETED', userId: customer.userId });

    expect(await lookupSession(harness.ports, session.sessionId)).toBeUndefined();
    const changed = await harness.smtp.waitFor(customer.email);
    expect(changed.subject).toBe('Your Claims portal password was changed');
    // Sign-in goes on at the verification screen: the mailed code completes the new flow.
    const otp = await harness.codeFor(customer.email);
    const resumed = reset.status === 'COMPLETED' ? reset.flowId : '';
    expect((await checkSignInCode(harness.ports, resumed, { otp }, origin)).status).toBe(
      'COMPLETED',
    );
    const old = await startSignIn(harness.ports, origin);
    expect((await checkPassword(harness.ports, old.flowId, customer, origin)).status).toBe(
      'INVALID_CREDENTIALS',
    );
    await completeSignIn(harness, { email: customer.email, password: NEW_PASSWORD });
    expect(await resetPassword(harness.ports, flowId, resetBody(code), origin)).toEqual({
      status: 'FAILED',
      code: 'FLOW_NOT_FOUND',
    });
  });

  it('given a new password breaking a rule, when reset, then a ValidationError and the code is not spent', async () => {
    const customer = await registerCustomer(harness);
    const { flowId, origin } = await recovering(customer.email);
    const code = await harness.codeFor(customer.email);

    const error = await resetPassword(
      harness.ports,
      flowId,
      resetBody(code, 'weakpass'),
      origin,
    ).catch((e) => e);

    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors).toEqual([
      { field: 'newPassword', code: 'password.noUppercase' },
    ]);
    expect(await resetPassword(harness.ports, flowId, resetBody(code), origin)).toMatchObject({
      status: 'COMPLETED',
    });
  });

  it('given a wrong code, then one older than 10 minutes, when reset, then WRONG_CODE, then CODE_EXPIRED', async () => {
    const customer = await registerCustomer(harness);
    const { flowId, origin } = await recovering(customer.email);
    const code = await harness.codeFor(customer.email);
    const wrong = code === 'ABC234' ? 'ABC235' : 'ABC234';

    expect(await resetPassword(harness.ports, flowId, resetBody(wrong), origin)).toEqual({
      status: 'INVALID_VALUE',
      code: 'WRONG_CODE',
    });
    harness.clock.advance(10 * 60);
    expect(await resetPassword(harness.ports, flowId, resetBody(code), origin)).toEqual({
      status: 'INVALID_VALUE',
      code: 'CODE_EXPIRED',
    });
  });

  it('given a locked, unverified account, when reset, then the lock ends and the account counts as verified', async () => {
    const customer = await registerCustomer(harness, { verified: false });
    const origin = uniqueOrigin();
    for (let n = 0; n < LOCKOUT.maxPasswordFailures; n += 1) {
      const { flowId } = await startSignIn(harness.ports, origin);
      await checkPassword(
        harness.ports,
        flowId,
        { email: customer.email, password: 'No#Pass12' },
        origin,
      );
    }
    const { flowId } = await recovering(customer.email);

    await resetPassword(
      harness.ports,
      flowId,
      resetBody(await harness.codeFor(customer.email)),
      origin,
    );
    await harness.codeFor(customer.email); // the sign-in code the reset mailed

    expect((await readProfile(harness.ports, customer.userId)).verified).toBe(true);
    await completeSignIn(harness, { email: customer.email, password: NEW_PASSWORD });
  });
});

describe('resend recovery code', () => {
  it('given a code sent just now, when asked again before 120 s, then RESEND_COOLDOWN; after, a new code replaces the old', async () => {
    const customer = await registerCustomer(harness);
    const { flowId, origin } = await recovering(customer.email);
    const first = await harness.codeFor(customer.email);
    harness.clock.advance(119);

    const early = await resendRecoveryCode(harness.ports, flowId, origin).catch((e) => e);
    expect(early).toBeInstanceOf(RateLimitedError);
    expect(early).toMatchObject({ reason: 'RESEND_COOLDOWN', retryAfterSeconds: 1 });

    harness.clock.advance(1);
    expect(await resendRecoveryCode(harness.ports, flowId, origin)).toMatchObject({
      status: 'RECOVERY_CODE_REQUIRED',
      flowId,
    });
    const second = await harness.codeFor(customer.email);
    expect(await resetPassword(harness.ports, flowId, resetBody(first), origin)).toEqual({
      status: 'INVALID_VALUE',
      code: 'WRONG_CODE',
    });
    expect(await resetPassword(harness.ports, flowId, resetBody(second), origin)).toMatchObject({
      status: 'COMPLETED',
    });
  });

  it('given an email with no account, when the code is resent, then the same cooldown and answer, and still no mail', async () => {
    const nobody = uniqueEmail('nobody');
    const { flowId, origin } = await recovering(nobody);

    await expect(resendRecoveryCode(harness.ports, flowId, origin)).rejects.toBeInstanceOf(
      RateLimitedError,
    );
    harness.clock.advance(120);
    expect(await resendRecoveryCode(harness.ports, flowId, origin)).toMatchObject({
      status: 'RECOVERY_CODE_REQUIRED',
      flowId,
    });
    await expect(harness.smtp.waitFor(nobody, undefined, 300)).rejects.toThrow(/no mail/);
  });
});
