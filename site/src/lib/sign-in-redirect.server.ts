import type { APIContext } from 'astro';
import { sessionIdOf } from './identity.server';

/**
 * The sign-in page for a protected page opened without a live session: back to this very page
 * afterwards, and "Session expired" where the browser still holds a session the server no
 * longer knows (spec §8, issue 47).
 */
export function signInPath(context: Pick<APIContext, 'cookies' | 'request' | 'url'>, lang: string) {
  const params = new URLSearchParams({ next: context.url.pathname + context.url.search });
  if (sessionIdOf(context)) params.set('signedOut', 'expired');
  return `/${lang}/?${params}`;
}
