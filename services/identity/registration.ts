import { randomUUID } from 'node:crypto';
import {
  parseIdentityRequest,
  registrationRequestSchema,
  verificationRequestSchema,
} from '@contracts/identity/identity-requests';
import type { AccountRecord, NewAccountRecord } from '@contracts/identity/identity-store';
import { REGISTRATION_FIELDS, VERIFICATION_FIELDS } from '@contracts/identity/form-fields';
import type {
  RegistrationOutcome,
  VerificationOutcome,
  VerificationResendOutcome,
} from '@contracts/identity/outcomes';
import { accountById } from './account-profile';
import { verificationCodeMail } from './identity-mail';
import { mailAccount } from './identity-mailing';
import { CODE_POLICY, RATE_LIMITS } from './limits';
import { codeRefused, issueCode, resendAvailableAt, tryCode } from './one-time-codes';
import { hashPassword } from './passwords';
import type { IdentityPorts, RequestOrigin } from './ports';
import { enforceCooldown, enforceRateLimits } from './rate-limits';

/**
 * Registration (spec §4): every rule checked here again; the account starts unverified
 * and an 8-character code goes to its email. `body` is the request body as received.
 */
export async function registerAccount(
  ports: IdentityPorts,
  body: unknown,
  origin: RequestOrigin,
): Promise<RegistrationOutcome> {
  const now = ports.clock.now();
  const request = parseIdentityRequest(registrationRequestSchema(now), REGISTRATION_FIELDS, body);
  await enforceRateLimits(ports, now, [
    [RATE_LIMITS.registrationPerIp, origin.ip],
    [RATE_LIMITS.registrationPerEmail, request.email],
  ]);
  if (await ports.store.findAccountByEmail(request.email)) return { status: 'ACCOUNT_EXISTS' };
  const account: NewAccountRecord = {
    id: randomUUID(),
    email: request.email,
    passwordHash: await hashPassword(request.password),
    firstName: request.firstName,
    lastName: request.lastName,
    dateOfBirth: request.dateOfBirth,
    financialInstitution: request.financialInstitution,
    addressLine1: request.addressLine1,
    addressLine2: request.addressLine2,
    city: request.city,
    province: request.province as NewAccountRecord['province'],
    postalCode: request.postalCode,
    country: request.country,
    phone: request.phone,
    language: request.language,
    createdAt: now,
  };
  // The unique email decides a race between two registrations: the loser changes nothing.
  if ((await ports.store.createAccount(account)) === 'exists') return { status: 'ACCOUNT_EXISTS' };
  await mailVerificationCode(ports, account, now);
  return {
    status: 'VERIFICATION_CODE_REQUIRED',
    userId: account.id,
    resendAvailableAt: resendAvailableAt('verification', now),
  };
}

/** A new verification code, mailed; any earlier one stops working. */
export async function mailVerificationCode(
  ports: IdentityPorts,
  account: Pick<AccountRecord, 'id' | 'email' | 'language'>,
  now: Date,
): Promise<void> {
  const code = await issueCode(ports.store, 'verification', account.id, now);
  await mailAccount(ports, account, verificationCodeMail(account.language, code));
}

/** verify_user: the code from the registration mail, compared lower-cased. */
export async function verifyAccount(
  ports: IdentityPorts,
  userId: string,
  body: unknown,
  origin: RequestOrigin,
): Promise<VerificationOutcome> {
  const now = ports.clock.now();
  const { verificationCode } = parseIdentityRequest(
    verificationRequestSchema(now),
    VERIFICATION_FIELDS,
    body,
  );
  await enforceRateLimits(ports, now, [[RATE_LIMITS.codePerIp, origin.ip]]);
  const account = await accountById(ports.store, userId);
  await enforceRateLimits(ports, now, [[RATE_LIMITS.codePerAccount, account.email]]);
  // A second submit of the same code (the screen submits on the last character) is no error.
  if (account.verifiedAt) return { status: 'ACCOUNT_OK' };
  const result = await tryCode(ports.store, 'verification', account.id, verificationCode, now);
  // The same right code sent twice at once: the other submit verifies the account.
  if (result === 'used') return { status: 'ACCOUNT_OK' };
  if (result !== 'accepted') return codeRefused(result);
  await ports.store.markAccountVerified(account.id, now);
  return { status: 'ACCOUNT_OK' };
}

/** The resend link: a new code, at most one a minute (spec §2), and a few an hour. */
export async function resendVerificationCode(
  ports: IdentityPorts,
  userId: string,
  origin: RequestOrigin,
): Promise<VerificationResendOutcome> {
  const now = ports.clock.now();
  const account = await accountById(ports.store, userId);
  if (account.verifiedAt) return { status: 'ACCOUNT_OK' };
  const last = await ports.store.findCode('verification', account.id);
  enforceCooldown(
    last?.sentAt,
    CODE_POLICY.resendCooldownSeconds.verification,
    now,
    'verification-resend',
  );
  await enforceRateLimits(ports, now, [
    [RATE_LIMITS.codeMailPerIp, origin.ip],
    [RATE_LIMITS.codeMailPerAccount, account.email],
  ]);
  await mailVerificationCode(ports, account, now);
  return {
    status: 'VERIFICATION_CODE_REQUIRED',
    resendAvailableAt: resendAvailableAt('verification', now),
  };
}
