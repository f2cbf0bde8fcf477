import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_POLICY, RATE_LIMITS, type RateRule } from './limits';
import type { IdentityPorts } from './ports';
import { enforceRateLimits } from './rate-limits';
import { requestPasswordRecovery, resendRecoveryCode, resetPassword } from './recovery';
import { resendVerificationCode, verifyAccount } from './registration';
import { checkPassword, checkSignInCode, startSignIn } from './sign-in';
import {
  type IdentityHarness,
  openIdentityHarness,
  registerCustomer,
  uniqueOrigin,
} from '@tests/support/identity/identity-harness';

// Every step counts against its own rules (ADR 014). An address allowed nothing (limit
// factor 0) shows each per-address rule; a subject brought to its limit first shows each
// per-account one.

let harness: IdentityHarness;
beforeAll(async () => {
  harness = await openIdentityHarness();
});
afterAll(() => harness.close());

const refusal = (attempt: Promise<unknown>) =>
  attempt.then(
    () => undefined,
    (error: unknown) => error,
  );
const noAddressAllowed = (): IdentityPorts => ({ ...harness.ports, addressLimitFactor: 0 });
/** Brings `subject` to the limit of `rule` (or past it): its next request is refused. */
async function atLimit(rule: RateRule, subject: string) {
  for (let n = 0; n < rule.limit; n += 1) {
    await refusal(enforceRateLimits(harness.ports, harness.clock.now(), [[rule, subject]]));
  }
}
const RESET = {
  recoveryCode: 'ABC234',
  newPassword: 'Fresh#Start7',
  confirmPassword: 'Fresh#Start7',
};

async function atCodeStep() {
  const customer = await registerCustomer(harness);
  const origin = uniqueOrigin();
  const { flowId } = await startSignIn(harness.ports, origin);
  await checkPassword(harness.ports, flowId, customer, origin);
  return { customer, flowId, origin };
}

describe('per-address rules of each step', () => {
  it('refuses a sign-in start (sign-in-start:ip)', async () => {
    expect(await refusal(startSignIn(noAddressAllowed(), uniqueOrigin()))).toMatchObject({
      limit: 'sign-in-start:ip',
    });
  });

  it('refuses a sign-in code (code:ip)', async () => {
    const { flowId } = await atCodeStep();
    expect(
      await refusal(checkSignInCode(noAddressAllowed(), flowId, { otp: '123456' }, uniqueOrigin())),
    ).toMatchObject({ limit: 'code:ip' });
  });

  it('refuses a verification code (code:ip)', async () => {
    const customer = await registerCustomer(harness, { verified: false });
    expect(
      await refusal(
        verifyAccount(
          noAddressAllowed(),
          customer.userId,
          { verificationCode: 'abcd2345' },
          uniqueOrigin(),
        ),
      ),
    ).toMatchObject({ limit: 'code:ip' });
  });

  it('refuses a verification resend (code-mail:ip)', async () => {
    const customer = await registerCustomer(harness, { verified: false });
    harness.clock.advance(CODE_POLICY.resendCooldownSeconds.verification);
    expect(
      await refusal(resendVerificationCode(noAddressAllowed(), customer.userId, uniqueOrigin())),
    ).toMatchObject({ limit: 'code-mail:ip' });
  });

  it('refuses a recovery resend (recovery:ip) and a reset (reset:ip)', async () => {
    const customer = await registerCustomer(harness);
    const { flowId } = await requestPasswordRecovery(
      harness.ports,
      { email: customer.email },
      uniqueOrigin(),
    );
    harness.clock.advance(CODE_POLICY.resendCooldownSeconds.recovery);
    expect(
      await refusal(resendRecoveryCode(noAddressAllowed(), flowId, uniqueOrigin())),
    ).toMatchObject({ limit: 'recovery:ip' });
    expect(
      await refusal(resetPassword(noAddressAllowed(), flowId, RESET, uniqueOrigin())),
    ).toMatchObject({ limit: 'reset:ip' });
  });
});

describe('per-account rules of each step', () => {
  it('refuses a sign-in code once the account had its tries (code:account)', async () => {
    const { customer, flowId, origin } = await atCodeStep();
    await atLimit(RATE_LIMITS.codePerAccount, customer.email);
    expect(
      await refusal(checkSignInCode(harness.ports, flowId, { otp: '123456' }, origin)),
    ).toMatchObject({ limit: 'code:account' });
  });

  it('refuses a verification resend once the account had its mails (code-mail:account)', async () => {
    const customer = await registerCustomer(harness, { verified: false });
    harness.clock.advance(CODE_POLICY.resendCooldownSeconds.verification);
    await atLimit(RATE_LIMITS.codeMailPerAccount, customer.email);
    expect(
      await refusal(resendVerificationCode(harness.ports, customer.userId, uniqueOrigin())),
    ).toMatchObject({ limit: 'code-mail:account' });
  });

  it('refuses a recovery resend (recovery:email) and a reset (reset:email) once the email had its share', async () => {
    const customer = await registerCustomer(harness);
    const { flowId } = await requestPasswordRecovery(
      harness.ports,
      { email: customer.email },
      uniqueOrigin(),
    );
    harness.clock.advance(CODE_POLICY.resendCooldownSeconds.recovery);
    await atLimit(RATE_LIMITS.recoveryPerEmail, customer.email);
    await atLimit(RATE_LIMITS.resetPerEmail, customer.email);
    expect(await refusal(resendRecoveryCode(harness.ports, flowId, uniqueOrigin()))).toMatchObject({
      limit: 'recovery:email',
    });
    expect(
      await refusal(resetPassword(harness.ports, flowId, RESET, uniqueOrigin())),
    ).toMatchObject({ limit: 'reset:email' });
  });
});
