import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, UnauthenticatedError, ValidationError } from '@contracts/errors';
import { flowIdHash } from './flows';
import { LOCKOUT } from './limits';
import { requestPasswordRecovery } from './recovery';
import { verifyAccount } from './registration';
import { initiateSession, lookupSession } from './sessions';
import { checkPassword, checkSignInCode, setupMfa, startSignIn } from './sign-in';
import {
  completeSignIn,
  type IdentityHarness,
  openIdentityHarness,
  type RegisteredCustomer,
  registerCustomer,
  uniqueEmail,
  uniqueOrigin,
} from '@tests/support/identity/identity-harness';

let harness: IdentityHarness;
beforeAll(async () => {
  harness = await openIdentityHarness();
});
afterAll(() => harness.close());

/** A flow past the password, waiting for its mailed code. */
async function atCodeStep(customer: RegisteredCustomer, origin = uniqueOrigin()) {
  const { flowId } = await startSignIn(harness.ports, origin);
  const checked = await checkPassword(harness.ports, flowId, customer, origin);
  expect(checked).toEqual({ status: 'OTP_REQUIRED', flowId, userId: customer.userId });
  return { flowId, origin, code: await harness.codeFor(customer.email) };
}

const otherThan = (code: string, n: number) =>
  String((Number(code) + n) % 1_000_000).padStart(6, '0');

describe('sign-in: password, then a mailed code', () => {
  it('given a verified customer, when the password and the mailed 6-digit code are right, then COMPLETED with the claimant, and the flow opens one session', async () => {
    const customer = await registerCustomer(harness);
    const origin = uniqueOrigin();
    const started = await startSignIn(harness.ports, origin);
    expect(started).toEqual({
      status: 'USERNAME_PASSWORD_REQUIRED',
      flowId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: new Date(harness.clock.now().getTime() + 30 * 60_000).toISOString(),
    });

    const checked = await checkPassword(
      harness.ports,
      started.flowId,
      { email: customer.email.toUpperCase(), password: customer.password },
      origin,
    );
    expect(checked.status).toBe('OTP_REQUIRED');
    const mail = await harness.smtp.waitFor(customer.email);
    expect(mail.subject).toBe('Your Claims portal sign-in code');
    const otp = /^Code: (\d{6})$/m.exec(mail.text ?? '')?.[1] as string;

    const done = await checkSignInCode(harness.ports, started.flowId, { otp }, origin);
    expect(done).toEqual({
      status: 'COMPLETED',
      flowId: started.flowId,
      claimant: {
        customerId: customer.userId,
        email: customer.email,
        firstName: 'Marie-Ève',
        lastName: "O'Brien",
        dateOfBirth: '1980-04-02',
      },
    });
    const session = await initiateSession(harness.ports, started.flowId);
    expect((await lookupSession(harness.ports, session.sessionId))?.claimant.customerId).toBe(
      customer.userId,
    );
    await expect(initiateSession(harness.ports, started.flowId)).rejects.toBeInstanceOf(
      UnauthenticatedError,
    );
  });

  it('given a refused sign-in request, when its error is built, then the password appears nowhere in it', async () => {
    const error = await checkPassword(
      harness.ports,
      'flow',
      { email: '', password: 'Hunter#22' },
      uniqueOrigin(),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(JSON.stringify(error) + String(error)).not.toContain('Hunter#22');
  });

  it('given a wrong password and an unknown email, when checked, then both get the same INVALID_CREDENTIALS', async () => {
    const customer = await registerCustomer(harness);
    const origin = uniqueOrigin();
    const first = await startSignIn(harness.ports, origin);
    const second = await startSignIn(harness.ports, origin);

    const wrongPassword = await checkPassword(
      harness.ports,
      first.flowId,
      { email: customer.email, password: 'Wrong#Pass1' },
      origin,
    );
    const unknownEmail = await checkPassword(
      harness.ports,
      second.flowId,
      { email: uniqueEmail('nobody'), password: customer.password },
      origin,
    );

    expect(wrongPassword).toEqual({ status: 'INVALID_CREDENTIALS' });
    expect(unknownEmail).toEqual(wrongPassword);
  });

  it('given a flow not yet past its password, when a code is sent, then FAILED (FLOW_STATE)', async () => {
    const origin = uniqueOrigin();
    const { flowId } = await startSignIn(harness.ports, origin);
    expect(await checkSignInCode(harness.ports, flowId, { otp: '123456' }, origin)).toEqual({
      status: 'FAILED',
      code: 'FLOW_STATE',
    });
    await expect(initiateSession(harness.ports, flowId)).rejects.toBeInstanceOf(
      UnauthenticatedError,
    );
  });

  it('given a code that is not 6 digits, when sent, then a ValidationError that does not repeat it', async () => {
    const error = await checkSignInCode(
      harness.ports,
      'any',
      { otp: '12ab56' },
      uniqueOrigin(),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors).toEqual([
      { field: 'otp', code: 'otp.invalidFormat' },
    ]);
    expect((error as Error).message).not.toContain('12ab56');
  });
});

describe('sign-in: expiry and single use', () => {
  it('given a started flow, then the store keeps only the sha256 of "flow:" and its id, the form rows already stored have', async () => {
    const { flowId } = await startSignIn(harness.ports, uniqueOrigin());
    const hash = createHash('sha256').update(`flow:${flowId}`).digest('hex');
    const { rows } = await harness.database.pool.query(
      'select id_hash from identity_flows where id_hash = $1',
      [hash],
    );
    expect(rows).toEqual([{ id_hash: hash }]);
  });

  it('given a flow started 30 minutes ago, when the password comes, then FAILED (FLOW_NOT_FOUND)', async () => {
    const customer = await registerCustomer(harness);
    const origin = uniqueOrigin();
    const { flowId } = await startSignIn(harness.ports, origin);
    harness.clock.advance(30 * 60);

    expect(await checkPassword(harness.ports, flowId, customer, origin)).toEqual({
      status: 'FAILED',
      code: 'FLOW_NOT_FOUND',
    });
  });

  it('given a flow id nobody issued, when the password comes, then FAILED (FLOW_NOT_FOUND)', async () => {
    const customer = await registerCustomer(harness);
    expect(await checkPassword(harness.ports, 'made-up', customer, uniqueOrigin())).toEqual({
      status: 'FAILED',
      code: 'FLOW_NOT_FOUND',
    });
  });

  it('given a code mailed 10 minutes ago, when sent, then INVALID_VALUE (CODE_EXPIRED)', async () => {
    const customer = await registerCustomer(harness);
    const { flowId, origin, code } = await atCodeStep(customer);
    harness.clock.advance(10 * 60);

    expect(await checkSignInCode(harness.ports, flowId, { otp: code }, origin)).toEqual({
      status: 'INVALID_VALUE',
      code: 'CODE_EXPIRED',
    });
  });

  it('given a code already used, when sent again, then it says "already used" and completes nothing', async () => {
    const customer = await registerCustomer(harness);
    const { flowId, origin, code } = await atCodeStep(customer);
    expect((await checkSignInCode(harness.ports, flowId, { otp: code }, origin)).status).toBe(
      'COMPLETED',
    );

    expect(await checkSignInCode(harness.ports, flowId, { otp: code }, origin)).toEqual({
      status: 'INVALID_VALUE',
      code: 'CODE_USED',
    });
    expect(
      await checkSignInCode(harness.ports, flowId, { otp: otherThan(code, 1) }, origin),
    ).toEqual({ status: 'FAILED', code: 'FLOW_STATE' });
    const stored = await harness.ports.store.findCode('sign-in', flowIdHash(flowId));
    expect(stored?.usedAt).toEqual(harness.clock.now());
    expect(stored?.codeHash).not.toContain(code);
  });

  it('given the right code sent 20 times at once, then one completes, 19 are "already used", and nothing locks', async () => {
    const customer = await registerCustomer(harness);
    const { flowId, origin, code } = await atCodeStep(customer);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        checkSignInCode(harness.ports, flowId, { otp: code }, origin),
      ),
    );
    const codes = outcomes.map((outcome) =>
      outcome.status === 'COMPLETED'
        ? 'COMPLETED'
        : 'code' in outcome
          ? outcome.code
          : outcome.status,
    );
    expect(codes.filter((c) => c === 'COMPLETED')).toHaveLength(1);
    expect(codes.filter((c) => c === 'CODE_USED')).toHaveLength(19);

    // Not locked: the next sign-in goes through its password and code.
    const again = await atCodeStep(customer, uniqueOrigin());
    expect(
      (await checkSignInCode(harness.ports, again.flowId, { otp: again.code }, again.origin))
        .status,
    ).toBe('COMPLETED');
  });

  it('given five wrong codes, when the right one comes, then the code is spent (CODE_EXPIRED)', async () => {
    const customer = await registerCustomer(harness);
    const { flowId, origin, code } = await atCodeStep(customer);
    for (let n = 1; n <= 4; n += 1) {
      expect(
        await checkSignInCode(harness.ports, flowId, { otp: otherThan(code, n) }, origin),
      ).toEqual({ status: 'INVALID_VALUE', code: 'WRONG_CODE' });
    }
    await checkSignInCode(harness.ports, flowId, { otp: otherThan(code, 5) }, origin);

    expect(await checkSignInCode(harness.ports, flowId, { otp: code }, origin)).toEqual({
      status: 'INVALID_VALUE',
      code: 'CODE_EXPIRED',
    });
  });
});

describe('sign-in: lockout', () => {
  it('given 20 wrong one-time codes, when sent, then the account locks at the 10th and even the right code of another flow is refused until the lock ends', async () => {
    const customer = await registerCustomer(harness);
    const spare = await atCodeStep(customer);
    const attacked = await atCodeStep(customer);

    const answers = [];
    for (let n = 1; n <= 20; n += 1) {
      const otp = otherThan(attacked.code, n);
      answers.push(
        (await checkSignInCode(harness.ports, attacked.flowId, { otp }, attacked.origin)).status,
      );
    }
    expect(answers.slice(0, LOCKOUT.maxCodeFailures - 1)).toEqual(
      Array(LOCKOUT.maxCodeFailures - 1).fill('INVALID_VALUE'),
    );
    expect(answers.slice(LOCKOUT.maxCodeFailures - 1)).toEqual(
      Array(20 - LOCKOUT.maxCodeFailures + 1).fill('PASSWORD_LOCKED_OUT'),
    );

    const lockedUntil = new Date(harness.clock.now().getTime() + LOCKOUT.lockSeconds * 1000);
    expect(
      await checkSignInCode(harness.ports, spare.flowId, { otp: spare.code }, spare.origin),
    ).toEqual({ status: 'PASSWORD_LOCKED_OUT', lockedUntil: lockedUntil.toISOString() });
    const { flowId } = await startSignIn(harness.ports, spare.origin);
    expect((await checkPassword(harness.ports, flowId, customer, spare.origin)).status).toBe(
      'PASSWORD_LOCKED_OUT',
    );

    harness.clock.advance(LOCKOUT.lockSeconds - 1);
    const stillLocked = await startSignIn(harness.ports, spare.origin);
    expect(
      (await checkPassword(harness.ports, stillLocked.flowId, customer, spare.origin)).status,
    ).toBe('PASSWORD_LOCKED_OUT');

    harness.clock.advance(1);
    const after = await completeSignIn(harness, customer);
    expect(await initiateSession(harness.ports, after)).toMatchObject({
      claimant: { customerId: customer.userId },
    });
  });

  it('given five wrong passwords, when the right one comes, then PASSWORD_LOCKED_OUT for 15 minutes', async () => {
    const customer = await registerCustomer(harness);
    const origin = uniqueOrigin();
    const answers = [];
    for (let n = 1; n <= LOCKOUT.maxPasswordFailures; n += 1) {
      const { flowId } = await startSignIn(harness.ports, origin);
      const wrong = { email: customer.email, password: `Wrong#Pass${n}` };
      answers.push((await checkPassword(harness.ports, flowId, wrong, origin)).status);
    }
    expect(answers).toEqual([
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'PASSWORD_LOCKED_OUT',
    ]);

    const { flowId } = await startSignIn(harness.ports, origin);
    expect((await checkPassword(harness.ports, flowId, customer, origin)).status).toBe(
      'PASSWORD_LOCKED_OUT',
    );
    harness.clock.advance(LOCKOUT.lockSeconds);
    const later = await startSignIn(harness.ports, origin);
    expect((await checkPassword(harness.ports, later.flowId, customer, origin)).status).toBe(
      'OTP_REQUIRED',
    );
  });

  it('given an email with no account, when five passwords fail, then it locks the same way, so the lock tells nothing', async () => {
    const origin = uniqueOrigin();
    const email = uniqueEmail('nobody');
    const answers = [];
    for (let n = 1; n <= LOCKOUT.maxPasswordFailures + 1; n += 1) {
      const { flowId } = await startSignIn(harness.ports, origin);
      answers.push(
        (await checkPassword(harness.ports, flowId, { email, password: 'Any#Pass1' }, origin))
          .status,
      );
    }
    expect(answers.slice(-2)).toEqual(['PASSWORD_LOCKED_OUT', 'PASSWORD_LOCKED_OUT']);
  });
});

describe('sign-in: what a lock counts', () => {
  const wrongPassword = async (email: string, origin = uniqueOrigin()) => {
    const { flowId } = await startSignIn(harness.ports, origin);
    return (await checkPassword(harness.ports, flowId, { email, password: 'Wrong#Pass1' }, origin))
      .status;
  };

  it('given four wrong passwords, when the customer then signs in, then the count starts again: four more do not lock', async () => {
    const customer = await registerCustomer(harness);
    for (let n = 1; n < LOCKOUT.maxPasswordFailures; n += 1) await wrongPassword(customer.email);
    await completeSignIn(harness, customer);
    const after = [];
    for (let n = 1; n < LOCKOUT.maxPasswordFailures; n += 1) {
      after.push(await wrongPassword(customer.email));
    }
    expect(after).toEqual(Array(LOCKOUT.maxPasswordFailures - 1).fill('INVALID_CREDENTIALS'));
  });

  it('given nine wrong codes, when the customer then signs in, then the count starts again: nine more do not lock', async () => {
    const customer = await registerCustomer(harness);
    const wrongCodes = async (count: number) => {
      const answers: string[] = [];
      while (answers.length < count) {
        // a code survives CODE_POLICY.maxAttempts wrong tries: a new flow for each four
        const flow = await atCodeStep(customer);
        for (let n = 1; n <= 4 && answers.length < count; n += 1) {
          const otp = otherThan(flow.code, n);
          const answer = await checkSignInCode(harness.ports, flow.flowId, { otp }, flow.origin);
          answers.push(answer.status);
        }
      }
      return answers;
    };
    await wrongCodes(LOCKOUT.maxCodeFailures - 1);
    await completeSignIn(harness, customer);
    expect(await wrongCodes(LOCKOUT.maxCodeFailures - 1)).toEqual(
      Array(LOCKOUT.maxCodeFailures - 1).fill('INVALID_VALUE'),
    );
  });

  it('given two inboxes that differ only by ß and ss, when one locks, then the other does not', async () => {
    const tail = `${uniqueEmail('').slice(1)}`;
    const [sharp, double] = [`straße${tail}`, `strasse${tail}`];
    const answers = [];
    for (let n = 1; n <= LOCKOUT.maxPasswordFailures; n += 1)
      answers.push(await wrongPassword(sharp));
    expect(answers.at(-1)).toBe('PASSWORD_LOCKED_OUT');
    expect(await wrongPassword(double)).toBe('INVALID_CREDENTIALS');
  });

  it('given a recovery flow, when its id is used to sign in, then FAILED (FLOW_NOT_FOUND)', async () => {
    const customer = await registerCustomer(harness);
    const origin = uniqueOrigin();
    const recovery = await requestPasswordRecovery(
      harness.ports,
      { email: customer.email },
      origin,
    );
    expect(await checkPassword(harness.ports, recovery.flowId, customer, origin)).toEqual({
      status: 'FAILED',
      code: 'FLOW_NOT_FOUND',
    });
  });

  it('given an account whose stored hash is not an argon2 hash, when signing in, then INVALID_CREDENTIALS', async () => {
    const customer = await registerCustomer(harness);
    await harness.database.pool.query(
      'update identity_accounts set password_hash = $1 where id = $2',
      ['not an argon2 hash', customer.userId],
    );
    const origin = uniqueOrigin();
    const { flowId } = await startSignIn(harness.ports, origin);
    expect((await checkPassword(harness.ports, flowId, customer, origin)).status).toBe(
      'INVALID_CREDENTIALS',
    );
  });
});

describe('sign-in of an incomplete registration', () => {
  it('given an unverified account, when the password is right, then VERIFICATION_CODE_REQUIRED with a fresh code mailed; verifying it lets the next sign-in reach OTP_REQUIRED', async () => {
    const customer = await registerCustomer(harness, { verified: false });
    const { registrationCode } = customer;
    const origin = uniqueOrigin();
    const { flowId } = await startSignIn(harness.ports, origin);

    const checked = await checkPassword(harness.ports, flowId, customer, origin);

    expect(checked).toEqual({
      status: 'VERIFICATION_CODE_REQUIRED',
      flowId,
      userId: customer.userId,
    });
    const fresh = await harness.codeFor(customer.email);
    expect(fresh).toMatch(/^[a-z2-9]{8}$/);
    expect(fresh).not.toBe(registrationCode);
    expect(await setupMfa(harness.ports, flowId)).toEqual({ userId: customer.userId });
    expect(
      await verifyAccount(harness.ports, customer.userId, { verificationCode: fresh }, origin),
    ).toEqual({ status: 'ACCOUNT_OK' });
    await expect(initiateSession(harness.ports, flowId)).rejects.toBeInstanceOf(
      UnauthenticatedError,
    );
    expect(await completeSignIn(harness, customer)).toEqual(expect.any(String));
  });

  it('given a flow that is not an incomplete registration, when setup_mfa asks for it, then NotFoundError', async () => {
    const { flowId } = await startSignIn(harness.ports, uniqueOrigin());
    await expect(setupMfa(harness.ports, flowId)).rejects.toBeInstanceOf(NotFoundError);
  });
});
