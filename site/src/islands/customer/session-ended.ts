import { signOut } from '../SessionTimeout';

/**
 * A 401 from the product API means the session is gone: the spec (§7, §8) clears the user and
 * signs out, instead of blaming the connection. Customer pages all live under `/{lang}/`.
 */
export function signOutIfSessionEnded(status: number): boolean {
  if (status !== 401) return false;
  const lang = window.location.pathname.split('/')[1] || 'en';
  void signOut(lang, 'expired');
  return true;
}
