import { savePendingSignIn } from '@infra/oidc/pending-sign-ins';
import { apiRoute } from '@site/lib/api-route.server';
import {
  redirectTo,
  secureCookies,
  setPendingSignInCookie,
  staffAuth,
} from '@site/lib/staff-auth.server';

export const prerender = false;

/** Starts staff sign-in: remembers state, nonce and PKCE verifier, then sends the browser to the provider. */
export const GET = apiRoute(async ({ cookies, request }) => {
  const { pool, signIn } = await staffAuth();
  const { url, pending } = await signIn.start();
  const pendingId = await savePendingSignIn(pool, pending);
  setPendingSignInCookie(cookies, pendingId, await secureCookies(request));
  return redirectTo(url.href);
});
