import { NotFoundError } from '@contracts/errors';
import { SIGN_IN_CODE_FIELDS, SIGN_IN_FIELDS } from '@contracts/identity/form-fields';
import {
  parseIdentityRequest,
  signInCodeRequestSchema,
  signInRequestSchema,
} from '@contracts/identity/identity-requests';
import type {
  PasswordCheckOutcome,
  SignInCodeOutcome,
  SignInStarted,
} from '@contracts/identity/outcomes';
import { claimantOf } from '@contracts/identity/profile';
import { toProfile } from './account-profile';
import { flowNotFound, flowState, liveFlow, openFlow } from './flows';
import { signInCodeMail } from './identity-mail';
import { mailAccount } from './identity-mailing';
import { RATE_LIMITS } from './limits';
import { forgiveFailures, lockedOut, lockedUntil, recordFailure } from './lockout';
import { codeRefused, countsAsFailure, issueCode, tryCode } from './one-time-codes';
import { verifyPassword } from './passwords';
import type { IdentityPorts, RequestOrigin } from './ports';
import { enforceRateLimits } from './rate-limits';
import { mailVerificationCode } from './registration';

/** Sign-in (spec §4): a flow, then the password, then a mailed 6-digit code. */

export async function startSignIn(
  ports: IdentityPorts,
  origin: RequestOrigin,
): Promise<SignInStarted> {
  const now = ports.clock.now();
  await enforceRateLimits(ports, now, [[RATE_LIMITS.signInStartPerIp, origin.ip]]);
  const { flowId, record } = await openFlow(
    ports.store,
    { kind: 'sign-in', status: 'USERNAME_PASSWORD_REQUIRED', accountId: null, email: null },
    now,
  );
  return {
    status: 'USERNAME_PASSWORD_REQUIRED',
    flowId,
    expiresAt: record.expiresAt.toISOString(),
  };
}

/**
 * The email and password. A wrong password and an unknown email get the same answer, after
 * the same argon2 work, and count towards the same lock.
 */
export async function checkPassword(
  ports: IdentityPorts,
  flowId: string,
  body: unknown,
  origin: RequestOrigin,
): Promise<PasswordCheckOutcome> {
  const now = ports.clock.now();
  const { email, password } = parseIdentityRequest(signInRequestSchema(now), SIGN_IN_FIELDS, body);
  await enforceRateLimits(ports, now, [
    [RATE_LIMITS.passwordPerIp, origin.ip],
    [RATE_LIMITS.passwordPerAccount, email],
  ]);
  const flow = await liveFlow(ports.store, flowId, 'sign-in', now);
  if (!flow) return flowNotFound;
  if (flow.status !== 'USERNAME_PASSWORD_REQUIRED') return flowState;
  const locked = await lockedUntil(ports.store, email, now);
  if (locked) return lockedOut(locked);

  const account = await ports.store.findAccountByEmail(email);
  const passwordRight = await verifyPassword(account?.passwordHash, password);
  if (!account || !passwordRight) {
    const lockEnd = await recordFailure(ports.store, email, 'password', now);
    return lockEnd ? lockedOut(lockEnd) : { status: 'INVALID_CREDENTIALS' };
  }

  if (!account.verifiedAt) {
    const moved = await ports.store.advanceFlow(flow.idHash, flow.status, {
      status: 'VERIFICATION_CODE_REQUIRED',
      accountId: account.id,
    });
    if (!moved) return flowState;
    await mailVerificationCode(ports, account, now);
    return { status: 'VERIFICATION_CODE_REQUIRED', flowId, userId: account.id };
  }

  const moved = await ports.store.advanceFlow(flow.idHash, flow.status, {
    status: 'OTP_REQUIRED',
    accountId: account.id,
  });
  if (!moved) return flowState;
  const code = await issueCode(ports.store, 'sign-in', flow.idHash, now);
  await mailAccount(ports, account, signInCodeMail(account.language, code));
  return { status: 'OTP_REQUIRED', flowId, userId: account.id };
}

/**
 * The mailed code. A locked account is refused before the code is even looked at, so the
 * right code does not work until the lock ends.
 */
export async function checkSignInCode(
  ports: IdentityPorts,
  flowId: string,
  body: unknown,
  origin: RequestOrigin,
): Promise<SignInCodeOutcome> {
  const now = ports.clock.now();
  const { otp } = parseIdentityRequest(signInCodeRequestSchema(now), SIGN_IN_CODE_FIELDS, body);
  await enforceRateLimits(ports, now, [[RATE_LIMITS.codePerIp, origin.ip]]);
  const flow = await liveFlow(ports.store, flowId, 'sign-in', now);
  if (!flow) return flowNotFound;
  const account = flow.accountId ? await ports.store.findAccountById(flow.accountId) : undefined;
  // A completed flow still answers its own code: "already used", not a state error.
  if ((flow.status !== 'OTP_REQUIRED' && flow.status !== 'COMPLETED') || !account) return flowState;
  await enforceRateLimits(ports, now, [[RATE_LIMITS.codePerAccount, account.email]]);
  const locked = await lockedUntil(ports.store, account.email, now);
  if (locked) return lockedOut(locked);

  const result = await tryCode(ports.store, 'sign-in', flow.idHash, otp, now);
  if (flow.status === 'COMPLETED' && result !== 'used') return flowState;
  if (result !== 'accepted') {
    // The right code sent again (a double submit, a retry after a lost answer) is no failure.
    const lockEnd = countsAsFailure(result)
      ? await recordFailure(ports.store, account.email, 'code', now)
      : undefined;
    return lockEnd ? lockedOut(lockEnd) : codeRefused(result);
  }
  const moved = await ports.store.advanceFlow(flow.idHash, 'OTP_REQUIRED', { status: 'COMPLETED' });
  if (!moved) return flowState;
  await forgiveFailures(ports.store, account.email, { unlock: false });
  return { status: 'COMPLETED', flowId, claimant: claimantOf(toProfile(account)) };
}

/**
 * setup_mfa, for an incomplete registration: the user id to verify with. Asked by flow,
 * not by email as in the spec, so it cannot tell whether an email has an account.
 */
export async function setupMfa(
  ports: IdentityPorts,
  flowId: string,
): Promise<{ readonly userId: string }> {
  const flow = await liveFlow(ports.store, flowId, 'sign-in', ports.clock.now());
  if (flow?.status !== 'VERIFICATION_CODE_REQUIRED' || !flow.accountId) {
    throw new NotFoundError('No incomplete registration in this flow');
  }
  return { userId: flow.accountId };
}
