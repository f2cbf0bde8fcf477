import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError } from '@contracts/identity/rate-limited-error';
import { registrationBody } from '@contracts/identity/testing/identity-fixtures';
import { RATE_LIMITS } from './limits';
import { changePassword } from './profile';
import { enforceCooldown, fixedWindow } from './rate-limits';
import { requestPasswordRecovery } from './recovery';
import { registerAccount, verifyAccount } from './registration';
import { checkPassword, startSignIn } from './sign-in';
import {
  type IdentityHarness,
  openIdentityHarness,
  registerCustomer,
  uniqueEmail,
  uniqueOrigin,
} from '@tests/support/identity/identity-harness';

describe('fixed windows (pure)', () => {
  it('given an instant, when its 15-minute window is taken, then it starts on the quarter hour', () => {
    expect(fixedWindow(new Date('2026-03-02T15:07:31Z'), 900)).toEqual({
      start: new Date('2026-03-02T15:00:00Z'),
      end: new Date('2026-03-02T15:15:00Z'),
    });
  });

  it('given a code sent 30 s ago and a 60 s cooldown, when another is asked, then RESEND_COOLDOWN with 30 s to wait', () => {
    const now = new Date('2026-03-02T15:00:30Z');
    expect(() => enforceCooldown(new Date('2026-03-02T15:00:00Z'), 60, now, 'test')).toThrow(
      expect.objectContaining({ reason: 'RESEND_COOLDOWN', retryAfterSeconds: 30 }),
    );
    expect(() => enforceCooldown(undefined, 60, now, 'test')).not.toThrow();
  });
});

describe('abuse limits (Postgres counters)', () => {
  let harness: IdentityHarness;
  beforeAll(async () => {
    harness = await openIdentityHarness();
  });
  afterAll(() => harness.close());

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error) => error,
    );

  it('given an address limit factor of 2, when 20 registrations come from one address, then the 21st is refused; per-account limits are not multiplied', async () => {
    const shared = { ...harness.ports, addressLimitFactor: 2 };
    const origin = uniqueOrigin();
    const perAddress = RATE_LIMITS.registrationPerIp.limit * 2;
    for (let n = 0; n < perAddress; n += 1) {
      await registerAccount(shared, registrationBody({ email: uniqueEmail() }), origin);
    }
    const error = await refusal(
      registerAccount(shared, registrationBody({ email: uniqueEmail() }), origin),
    );
    expect(error).toMatchObject({ code: 'RATE_LIMITED', limit: 'registration:ip' });

    const email = uniqueEmail();
    const perEmail = RATE_LIMITS.registrationPerEmail.limit;
    for (let n = 0; n < perEmail; n += 1) {
      await registerAccount(shared, registrationBody({ email }), uniqueOrigin()).catch(
        () => undefined,
      );
    }
    const sameEmail = await refusal(
      registerAccount(shared, registrationBody({ email }), uniqueOrigin()),
    );
    expect(sameEmail).toMatchObject({ code: 'RATE_LIMITED', limit: 'registration:email' });
  });

  it('given 10 registrations from one address in an hour, when the 11th comes, then RATE_LIMITED until the hour ends; another address passes', async () => {
    const origin = uniqueOrigin();
    for (let n = 0; n < RATE_LIMITS.registrationPerIp.limit; n += 1) {
      await registerAccount(
        harness.ports,
        registrationBody({ email: uniqueEmail(), password: 'x' }),
        origin,
      ).catch(() => undefined);
    }
    // Refused bodies are not counted: only those that pass the rules reach the counters.
    for (let n = 0; n < RATE_LIMITS.registrationPerIp.limit; n += 1) {
      await registerAccount(harness.ports, registrationBody({ email: uniqueEmail() }), origin);
    }

    const error = await refusal(
      registerAccount(harness.ports, registrationBody({ email: uniqueEmail() }), origin),
    );

    expect(error).toBeInstanceOf(RateLimitedError);
    const window = fixedWindow(harness.clock.now(), 3600);
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'TOO_MANY_REQUESTS',
      limit: 'registration:ip',
      retryAfterSeconds: (window.end.getTime() - harness.clock.now().getTime()) / 1000,
    });
    expect(
      (
        await registerAccount(
          harness.ports,
          registrationBody({ email: uniqueEmail() }),
          uniqueOrigin(),
        )
      ).status,
    ).toBe('VERIFICATION_CODE_REQUIRED');
  });

  it('given 10 sign-in attempts for one email from many addresses, when the 11th comes, then RATE_LIMITED; in the next window it is counted afresh', async () => {
    const customer = await registerCustomer(harness);
    harness.clock.advance(900 - ((harness.clock.now().getTime() / 1000) % 900));
    const attempt = async () => {
      const origin = uniqueOrigin();
      const { flowId } = await startSignIn(harness.ports, origin);
      return checkPassword(harness.ports, flowId, customer, origin);
    };
    for (let n = 0; n < RATE_LIMITS.passwordPerAccount.limit; n += 1) await attempt();

    expect(await refusal(attempt())).toMatchObject({ limit: 'password:account' });

    harness.clock.advance(900);
    expect((await attempt()).status).toBe('OTP_REQUIRED');
  });

  it('given 5 recovery requests for one email, when the 6th comes, then RATE_LIMITED, account or not', async () => {
    for (const email of [(await registerCustomer(harness)).email, uniqueEmail('nobody')]) {
      for (let n = 0; n < RATE_LIMITS.recoveryPerEmail.limit; n += 1) {
        await requestPasswordRecovery(harness.ports, { email }, uniqueOrigin());
      }
      expect(
        await refusal(requestPasswordRecovery(harness.ports, { email }, uniqueOrigin())),
      ).toMatchObject({ limit: 'recovery:email' });
    }
  });

  it('given two addresses that differ only by ß and ss, when one reaches its recovery limit, then the other is still served', async () => {
    const tail = uniqueEmail('').slice(1);
    const [sharp, double] = [`straße${tail}`, `strasse${tail}`];
    for (let n = 0; n < RATE_LIMITS.recoveryPerEmail.limit; n += 1) {
      await requestPasswordRecovery(harness.ports, { email: sharp }, uniqueOrigin());
    }
    expect(
      (await requestPasswordRecovery(harness.ports, { email: double }, uniqueOrigin())).status,
    ).toBe('RECOVERY_CODE_REQUIRED');
  });

  it('given 30 code tries on one account, when the 31st comes, then RATE_LIMITED', async () => {
    const customer = await registerCustomer(harness, { verified: false });
    const verify = () =>
      verifyAccount(
        harness.ports,
        customer.userId,
        { verificationCode: 'zzzzzzzz' },
        uniqueOrigin(),
      );
    for (let n = 0; n < RATE_LIMITS.codePerAccount.limit; n += 1) await verify();

    expect(await refusal(verify())).toMatchObject({ limit: 'code:account' });
  });

  it('given 5 password changes in 15 minutes, when the 6th comes, then RATE_LIMITED before the password is even checked', async () => {
    const customer = await registerCustomer(harness);
    const body = {
      currentPassword: 'Wrong#Pass1',
      newPassword: 'Brand#New42',
      confirmPassword: 'Brand#New42',
    };
    for (let n = 0; n < RATE_LIMITS.passwordChangePerAccount.limit; n += 1) {
      await refusal(changePassword(harness.ports, customer.userId, body));
    }

    expect(await refusal(changePassword(harness.ports, customer.userId, body))).toBeInstanceOf(
      RateLimitedError,
    );
  });
});
