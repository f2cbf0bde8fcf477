import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, UnauthenticatedError } from '@contracts/errors';
import { CODE_POLICY, SESSION_LIFETIME } from './limits';
import { issueCode } from './one-time-codes';
import { requestPasswordRecovery, resendRecoveryCode, resetPassword } from './recovery';
import { resendVerificationCode, verifyAccount } from './registration';
import { emailKey } from './secrets';
import { createSession, initiateSession, refreshSession } from './sessions';
import { checkPassword, checkSignInCode, setupMfa, startSignIn } from './sign-in';
import {
  type IdentityHarness,
  openIdentityHarness,
  registerCustomer,
  uniqueEmail,
  uniqueOrigin,
} from '@tests/support/identity/identity-harness';

// What each identity step answers a flow or session it cannot serve.

let harness: IdentityHarness;
beforeAll(async () => {
  harness = await openIdentityHarness();
});
afterAll(() => harness.close());

const FLOW_NOT_FOUND = { status: 'FAILED', code: 'FLOW_NOT_FOUND' };
const FLOW_STATE = { status: 'FAILED', code: 'FLOW_STATE' };
const refusal = (attempt: Promise<unknown>) =>
  attempt.then(
    () => undefined,
    (error: unknown) => error,
  );
const NEW_PASSWORD = 'Fresh#Start7';
const resetBody = (recoveryCode: string) => ({
  recoveryCode,
  newPassword: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
});

describe('sign-in flows', () => {
  it('given a flow past its password, when the password comes again, then FAILED (FLOW_STATE)', async () => {
    const customer = await registerCustomer(harness);
    const origin = uniqueOrigin();
    const { flowId } = await startSignIn(harness.ports, origin);
    expect((await checkPassword(harness.ports, flowId, customer, origin)).status).toBe(
      'OTP_REQUIRED',
    );
    expect(await checkPassword(harness.ports, flowId, customer, origin)).toEqual(FLOW_STATE);
  });

  it('given one flow, when its password comes twice at once, then one reaches the code step and the other is FLOW_STATE', async () => {
    const customer = await registerCustomer(harness);
    const origin = uniqueOrigin();
    const { flowId } = await startSignIn(harness.ports, origin);
    const answers = await Promise.all([
      checkPassword(harness.ports, flowId, customer, origin),
      checkPassword(harness.ports, flowId, customer, origin),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual(['FAILED', 'OTP_REQUIRED']);
  });

  it('given a flow id nobody issued, when a code is sent, then FAILED (FLOW_NOT_FOUND)', async () => {
    expect(
      await checkSignInCode(harness.ports, 'made-up', { otp: '123456' }, uniqueOrigin()),
    ).toEqual(FLOW_NOT_FOUND);
  });

  it('given a flow waiting for an email verification, when a sign-in code is sent, then FAILED (FLOW_STATE)', async () => {
    const customer = await registerCustomer(harness, { verified: false });
    const origin = uniqueOrigin();
    const { flowId } = await startSignIn(harness.ports, origin);
    expect((await checkPassword(harness.ports, flowId, customer, origin)).status).toBe(
      'VERIFICATION_CODE_REQUIRED',
    );
    expect(await checkSignInCode(harness.ports, flowId, { otp: '123456' }, origin)).toEqual(
      FLOW_STATE,
    );
  });

  it('given a flow nobody issued or one at the code step, when setup_mfa asks for it, then NotFoundError', async () => {
    const customer = await registerCustomer(harness);
    const origin = uniqueOrigin();
    const { flowId } = await startSignIn(harness.ports, origin);
    await checkPassword(harness.ports, flowId, customer, origin);
    for (const id of ['made-up', flowId]) {
      await expect(setupMfa(harness.ports, id)).rejects.toThrow(
        new NotFoundError('No incomplete registration in this flow'),
      );
    }
  });

  it('given a flow at the code step, when a session is asked for it, then UnauthenticatedError', async () => {
    const customer = await registerCustomer(harness);
    const origin = uniqueOrigin();
    const { flowId } = await startSignIn(harness.ports, origin);
    await checkPassword(harness.ports, flowId, customer, origin);
    await expect(initiateSession(harness.ports, flowId)).rejects.toThrow(
      new UnauthenticatedError('No completed sign-in for this flow'),
    );
  });
});

describe('sessions', () => {
  it('given a session, then the store keeps only the sha256 of "session:" and its id', async () => {
    const customer = await registerCustomer(harness);
    const { sessionId } = await createSession(harness.ports, customer.userId);
    const hash = createHash('sha256').update(`session:${sessionId}`).digest('hex');
    const { rows } = await harness.database.pool.query(
      'select id_hash from identity_sessions where customer_id = $1',
      [customer.userId],
    );
    expect(rows).toEqual([{ id_hash: hash }]);
  });

  it('given a session near its absolute end, when refreshed, then its idle end is that end, not later', async () => {
    const customer = await registerCustomer(harness);
    const session = await createSession(harness.ports, customer.userId);
    const step = SESSION_LIFETIME.idleSeconds - 60;
    let refreshed = await refreshSession(harness.ports, session.sessionId);
    for (let kept = 0; kept + step < SESSION_LIFETIME.absoluteSeconds; kept += step) {
      harness.clock.advance(step);
      refreshed = await refreshSession(harness.ports, session.sessionId);
    }
    expect(refreshed?.idleExpiresAt).toEqual(session.expiresAt);
  });
});

describe('recovery flows', () => {
  it('given a flow id nobody issued, when the recovery code is resent, then FAILED (FLOW_NOT_FOUND)', async () => {
    expect(await resendRecoveryCode(harness.ports, 'made-up', uniqueOrigin())).toEqual(
      FLOW_NOT_FOUND,
    );
  });

  it('given a recovery code sent just now, when resent, then the cooldown names the recovery resend', async () => {
    const customer = await registerCustomer(harness);
    const origin = uniqueOrigin();
    const { flowId } = await requestPasswordRecovery(
      harness.ports,
      { email: customer.email },
      origin,
    );
    expect(await refusal(resendRecoveryCode(harness.ports, flowId, origin))).toMatchObject({
      reason: 'RESEND_COOLDOWN',
      limit: 'recovery-resend',
    });
  });

  it('given the earlier recovery code was pruned, when resent, then a new code is mailed', async () => {
    const customer = await registerCustomer(harness);
    const origin = uniqueOrigin();
    const { flowId } = await requestPasswordRecovery(
      harness.ports,
      { email: customer.email },
      origin,
    );
    await harness.codeFor(customer.email);
    harness.clock.advance(CODE_POLICY.validitySeconds.recovery);
    await harness.ports.store.pruneExpired(harness.clock.now());
    expect((await resendRecoveryCode(harness.ports, flowId, origin)).status).toBe(
      'RECOVERY_CODE_REQUIRED',
    );
    expect(await harness.codeFor(customer.email)).toMatch(/^[A-Z2-9]{6}$/);
  });

  it('given an email with no account and its right code, when reset, then FAILED (FLOW_NOT_FOUND) and no account appears', async () => {
    const email = uniqueEmail('nobody');
    const origin = uniqueOrigin();
    const { flowId } = await requestPasswordRecovery(harness.ports, { email }, origin);
    const code = await issueCode(
      harness.ports.store,
      'recovery',
      emailKey(email),
      harness.clock.now(),
    );
    expect(await resetPassword(harness.ports, flowId, resetBody(code), origin)).toEqual(
      FLOW_NOT_FOUND,
    );
    expect(await harness.ports.store.findAccountByEmail(email)).toBeUndefined();
  });
});

describe('verification', () => {
  it('given a verified account, when its code comes again after it expired and was pruned, then ACCOUNT_OK', async () => {
    const customer = await registerCustomer(harness);
    harness.clock.advance(CODE_POLICY.validitySeconds.verification + 1);
    await harness.ports.store.pruneExpired(harness.clock.now());
    expect(
      await verifyAccount(
        harness.ports,
        customer.userId,
        { verificationCode: customer.registrationCode },
        uniqueOrigin(),
      ),
    ).toEqual({ status: 'ACCOUNT_OK' });
  });

  it('given the right code sent ten times at once, then every answer is ACCOUNT_OK', async () => {
    const customer = await registerCustomer(harness, { verified: false });
    const origin = uniqueOrigin();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        verifyAccount(
          harness.ports,
          customer.userId,
          { verificationCode: customer.registrationCode },
          origin,
        ),
      ),
    );
    expect(answers).toEqual(Array(10).fill({ status: 'ACCOUNT_OK' }));
  });

  it('given a verification code sent just now, when resent, then the cooldown names the verification resend', async () => {
    const customer = await registerCustomer(harness, { verified: false });
    expect(
      await refusal(resendVerificationCode(harness.ports, customer.userId, uniqueOrigin())),
    ).toMatchObject({ reason: 'RESEND_COOLDOWN', limit: 'verification-resend' });
  });

  it('given the earlier verification code was pruned, when resent, then a new code is mailed', async () => {
    const customer = await registerCustomer(harness, { verified: false });
    harness.clock.advance(CODE_POLICY.validitySeconds.verification);
    await harness.ports.store.pruneExpired(harness.clock.now());
    expect(
      (await resendVerificationCode(harness.ports, customer.userId, uniqueOrigin())).status,
    ).toBe('VERIFICATION_CODE_REQUIRED');
    expect(await harness.codeFor(customer.email)).toMatch(/^[a-z0-9]{8}$/i);
  });
});
