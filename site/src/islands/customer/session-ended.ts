import { signOut } from '../SessionTimeout';

/**
 * A 401 from the product API means the session is gone: the spec (§7, §8) clears the user and
 * signs out, instead of blaming the connection. Customer pages all live under `/{lang}/`.
 */
export function signOutIfSessionEnded(
  status: number,
  sending: 'files' | 'request' = 'request',
): boolean {
  if (status !== 401) return false;
  const lang = window.location.pathname.split('/')[1] || 'en';
  // A refused upload stored nothing: the home page says the file was not sent (issue 47).
  void signOut(lang, sending === 'files' ? 'expiredUpload' : 'expired');
  return true;
}
