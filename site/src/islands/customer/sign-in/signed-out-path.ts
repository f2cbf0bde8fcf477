import { safeNextPath } from '../verification/verification-flow';

/**
 * Why the customer left, as the home page says it: by choice, idle, the session gone, or gone
 * while a file was being sent (which then was not).
 */
export type SignOutReason = 'user' | 'idle' | 'expired' | 'expiredUpload';

/** Where the page was, as `location` has it. */
export interface Whereabouts {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

/**
 * The home page after a sign-out, saying why; a customer signed out against their will comes
 * back to `from` once signed in again (issue 47), if it is a page of this site in this language
 * (`safeNextPath`): a path, never another origin.
 */
export function signedOutPath(
  lang: string,
  reason: SignOutReason,
  from?: Whereabouts,
  origin = 'http://portal.invalid',
): string {
  const params = new URLSearchParams({ signedOut: reason });
  const next =
    from && reason !== 'user'
      ? safeNextPath(lang, `${from.pathname}${from.search}${from.hash}`, origin)
      : undefined;
  if (next) params.set('next', next);
  return `/${lang}/?${params}`;
}
