import type { IslandTranslate } from '../../messages';
import { type ApiAnswer, firstErrorMessage } from '../account/account-api';
import { minutesUntil } from '../account/countdown';

/** The spec's login messages (§8) for a refused password check. */
export function passwordRefusal(t: IslandTranslate, answer: ApiAnswer): string {
  const { status, body, retryAfter } = answer;
  if (status === 429) return t('login.errorMessageRateLimited', { seconds: retryAfter || 60 });
  if (status === 400) return firstErrorMessage(body) ?? t('login.errorMessageBadRequest');
  if (status !== 200) return t('login.errorMessageInternal');
  switch (body.status) {
    case 'INVALID_CREDENTIALS':
    case 'FAILED':
      return t('login.errorMessage');
    case 'PASSWORD_EXPIRED':
      return t('login.errorMessagePasswordExpired');
    case 'PASSWORD_LOCKED_OUT':
      return t('login.errorMessageLockedOut', { minutes: minutesUntil(body.lockedUntil) });
    default:
      return t('login.errorMessageInternal');
  }
}

/** The refusal of the setup call that mails a fresh registration code. */
export function setupRefusal(t: IslandTranslate, answer: ApiAnswer): string {
  if (answer.status === 404) return t('login.errorMessageUserNotFound');
  if (answer.status === 400) return t('login.errorMessageBadRequest');
  return t('login.errorMessageInternal');
}

/** Starting a flow failed: rate limited, or anything else. */
export function startRefusal(t: IslandTranslate, answer: ApiAnswer): string {
  return answer.status === 429
    ? t('login.errorMessageRateLimited', { seconds: answer.retryAfter || 60 })
    : t('login.errorMessageInternal');
}
