import { SIGN_IN_CODE, VERIFICATION_CODE } from '@contracts/identity/field-rules';
import { reportedFieldErrors } from '@site/ui/field/field-errors';
import type { IslandTranslate } from '../../messages';
import { type ApiAnswer, firstErrorMessage } from '../account/account-api';
import { minutesUntil } from '../account/countdown';
import type { VerificationFlowKind } from './verification-flow';

export const codeLength = (kind: VerificationFlowKind) =>
  kind === 'sign-in' ? SIGN_IN_CODE.length : VERIFICATION_CODE.length;

/** What the field keeps of what was typed or pasted: digits for sign-in, lower-case letters and digits for registration. */
export function cleanCode(kind: VerificationFlowKind, typed: string): string {
  const kept =
    kind === 'sign-in'
      ? typed.replace(/\D/g, '')
      : typed.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  return kept.slice(0, codeLength(kind));
}

/** The words for a refused code, by status and reason (spec §8). */
export function refusalMessage(
  t: IslandTranslate,
  kind: VerificationFlowKind,
  answer: ApiAnswer,
): string {
  const { status, body, retryAfter } = answer;
  if (status === 429) return t('mfa.rateLimited', { seconds: retryAfter || 60 });
  if (status === 400) {
    // A refused code names why (wrong, or expired and used up); other 400s are the code's form.
    const reason = reportedFieldErrors(body)[0]?.params?.reason;
    if (reason === 'CODE_EXPIRED') {
      return t(kind === 'sign-in' ? 'mfa.codeExpiredSignIn' : 'mfa.codeExpiredRegistration');
    }
    if (reason === 'WRONG_CODE') return t('mfa.invalidCode');
    return (
      firstErrorMessage(body) ??
      t(kind === 'sign-in' ? 'mfa.invalidFormatSignIn' : 'mfa.invalidFormatRegistration')
    );
  }
  if (body.status === 'PASSWORD_LOCKED_OUT') {
    return t('mfa.lockedOut', { minutes: minutesUntil(body.lockedUntil) });
  }
  return firstErrorMessage(body) ?? t('mfa.generalError');
}
