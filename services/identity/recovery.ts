import { FORGOT_PASSWORD_FIELDS, RESET_PASSWORD_FIELDS } from '@contracts/identity/form-fields';
import {
  forgotPasswordRequestSchema,
  parseIdentityRequest,
  resetPasswordRequestSchema,
} from '@contracts/identity/identity-requests';
import type { FlowRecord } from '@contracts/identity/identity-store';
import type {
  FlowFailed,
  PasswordResetOutcome,
  RecoveryStarted,
} from '@contracts/identity/outcomes';
import { flowNotFound, flowState, liveFlow, openFlow } from './flows';
import { passwordChangedMail, recoveryCodeMail, signInCodeMail } from './identity-mail';
import { mailAccount, mailInBackground } from './identity-mailing';
import { CODE_POLICY, RATE_LIMITS } from './limits';
import { forgiveFailures } from './lockout';
import { codeRefused, issueCode, resendAvailableAt, tryCode } from './one-time-codes';
import { hashPassword } from './passwords';
import type { IdentityPorts, RequestOrigin } from './ports';
import { enforceCooldown, enforceRateLimits } from './rate-limits';
import { emailKey } from './secrets';

/**
 * Forgotten password (spec §4). Whether the email has an account or not, the same rows are
 * written (a flow and a code) and the same answer given at once; only a real account gets
 * the code, mailed in the background so the answer does not wait on SMTP.
 */
export async function requestPasswordRecovery(
  ports: IdentityPorts,
  body: unknown,
  origin: RequestOrigin,
): Promise<RecoveryStarted> {
  const now = ports.clock.now();
  const { email } = parseIdentityRequest(
    forgotPasswordRequestSchema(now),
    FORGOT_PASSWORD_FIELDS,
    body,
  );
  await enforceRateLimits(ports, now, [
    [RATE_LIMITS.recoveryPerIp, origin.ip],
    [RATE_LIMITS.recoveryPerEmail, email],
  ]);
  const account = await ports.store.findAccountByEmail(email);
  const { flowId } = await openFlow(
    ports.store,
    { kind: 'recovery', status: 'RECOVERY_CODE_REQUIRED', accountId: account?.id ?? null, email },
    now,
  );
  await sendRecoveryCode(ports, email, now);
  return {
    status: 'RECOVERY_CODE_REQUIRED',
    flowId,
    resendAvailableAt: resendAvailableAt('recovery', now),
  };
}

/** The resend link of the reset screen: once every 120 s (spec §2). */
export async function resendRecoveryCode(
  ports: IdentityPorts,
  flowId: string,
  origin: RequestOrigin,
): Promise<RecoveryStarted | FlowFailed> {
  const now = ports.clock.now();
  const flow = await liveFlow(ports.store, flowId, 'recovery', now);
  if (!flow?.email) return flowNotFound;
  const last = await ports.store.findCode('recovery', emailKey(flow.email));
  enforceCooldown(last?.sentAt, CODE_POLICY.resendCooldownSeconds.recovery, now, 'recovery-resend');
  await enforceRateLimits(ports, now, [
    [RATE_LIMITS.recoveryPerIp, origin.ip],
    [RATE_LIMITS.recoveryPerEmail, flow.email],
  ]);
  await sendRecoveryCode(ports, flow.email, now);
  return {
    status: 'RECOVERY_CODE_REQUIRED',
    flowId,
    resendAvailableAt: resendAvailableAt('recovery', now),
  };
}

/**
 * One recovery code per email, whichever flow asked: a new request replaces it, so opening
 * many flows gives no more guesses. An email without an account gets a code no one sees.
 */
async function sendRecoveryCode(ports: IdentityPorts, email: string, now: Date): Promise<void> {
  const code = await issueCode(ports.store, 'recovery', emailKey(email), now);
  const account = await ports.store.findAccountByEmail(email);
  if (account) mailInBackground(ports, account, recoveryCodeMail(account.language, code));
}

/**
 * The recovery code and the new password. Success sets the password, ends every session,
 * counts as email verification, lifts a sign-in lock, and tells the owner by mail.
 */
export async function resetPassword(
  ports: IdentityPorts,
  flowId: string,
  body: unknown,
  origin: RequestOrigin,
): Promise<PasswordResetOutcome> {
  const now = ports.clock.now();
  const request = parseIdentityRequest(
    resetPasswordRequestSchema(now),
    RESET_PASSWORD_FIELDS,
    body,
  );
  await enforceRateLimits(ports, now, [[RATE_LIMITS.resetPerIp, origin.ip]]);
  const flow = await liveFlow(ports.store, flowId, 'recovery', now);
  if (!flow?.email) return flowNotFound;
  if (flow.status !== 'RECOVERY_CODE_REQUIRED') return flowState;
  await enforceRateLimits(ports, now, [[RATE_LIMITS.resetPerEmail, flow.email]]);
  const result = await tryCode(
    ports.store,
    'recovery',
    emailKey(flow.email),
    request.recoveryCode,
    now,
  );
  if (result !== 'accepted') return codeRefused(result);
  return completeReset(ports, flow, request.newPassword, now);
}

async function completeReset(
  ports: IdentityPorts,
  flow: FlowRecord,
  newPassword: string,
  now: Date,
): Promise<PasswordResetOutcome> {
  const account = flow.accountId ? await ports.store.findAccountById(flow.accountId) : undefined;
  const taken = await ports.store.takeFlow(flow.idHash, 'RECOVERY_CODE_REQUIRED', now);
  if (!account || !taken) return flowNotFound;
  await ports.store.replacePassword(account.id, await hashPassword(newPassword), now);
  await ports.store.markAccountVerified(account.id, now);
  await forgiveFailures(ports.store, account.email, { unlock: true });
  await mailAccount(ports, account, passwordChangedMail(account.language));
  // Spec §3: the success button leads to the verification screen. The owner of the mailbox
  // just set this password, so sign-in continues from the code step with a fresh flow.
  const { flowId, record } = await openFlow(
    ports.store,
    { kind: 'sign-in', status: 'OTP_REQUIRED', accountId: account.id, email: null },
    now,
  );
  const code = await issueCode(ports.store, 'sign-in', record.idHash, now);
  await mailAccount(ports, account, signInCodeMail(account.language, code));
  return { status: 'COMPLETED', flowId, userId: account.id };
}
