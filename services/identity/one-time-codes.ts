import { RECOVERY_CODE, SIGN_IN_CODE, VERIFICATION_CODE } from '@contracts/identity/field-rules';
import type { CodePurpose, CodeTry, IdentityStore } from '@contracts/identity/identity-store';
import type { CodeRefused } from '@contracts/identity/outcomes';
import { CODE_POLICY } from './limits';
import { codeHash, randomCode } from './secrets';

const FORMATS: Record<CodePurpose, { alphabet: string; length: number }> = {
  verification: VERIFICATION_CODE,
  'sign-in': SIGN_IN_CODE,
  recovery: RECOVERY_CODE,
};

/** Creates the one live code of a purpose and owner (replacing any earlier one); returns it in clear, to be mailed and forgotten. */
export async function issueCode(
  store: IdentityStore,
  purpose: CodePurpose,
  subject: string,
  now: Date,
): Promise<string> {
  const code = randomCode(FORMATS[purpose]);
  await store.saveCode({
    purpose,
    subject,
    codeHash: codeHash(purpose, subject, code),
    sentAt: now,
    expiresAt: new Date(now.getTime() + CODE_POLICY.validitySeconds[purpose] * 1000),
  });
  return code;
}

/** `code` in its stored form (the request schemas lower- or upper-case it). */
export const tryCode = (
  store: IdentityStore,
  purpose: CodePurpose,
  subject: string,
  code: string,
  now: Date,
) =>
  store.tryCode({
    purpose,
    subject,
    codeHash: codeHash(purpose, subject, code),
    now,
    maxAttempts: CODE_POLICY.maxAttempts,
  });

const REFUSALS: Record<Exclude<CodeTry, 'accepted'>, CodeRefused['code']> = {
  wrong: 'WRONG_CODE',
  used: 'CODE_USED',
  expired: 'CODE_EXPIRED',
  unavailable: 'CODE_EXPIRED',
};

export const codeRefused = (result: Exclude<CodeTry, 'accepted'>): CodeRefused => ({
  status: 'INVALID_VALUE',
  code: REFUSALS[result],
});

/** A try that counts towards the lock: a wrong code, or any code once none is left to guess. */
export const countsAsFailure = (result: CodeTry) => result === 'wrong' || result === 'unavailable';

export const resendAvailableAt = (purpose: 'verification' | 'recovery', sentAt: Date) =>
  new Date(sentAt.getTime() + CODE_POLICY.resendCooldownSeconds[purpose] * 1000).toISOString();
