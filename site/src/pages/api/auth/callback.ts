import { ForbiddenError, UnauthenticatedError } from '@contracts/errors';
import { takePendingSignIn } from '@infra/oidc/pending-sign-ins';
import { createStaffSession, endStaffSession } from '@infra/oidc/staff-sessions';
import { getRuntime } from '@infra/runtime';
import { apiRoute } from '@site/lib/api-route.server';
import { requestIsHttps } from '@site/lib/forwarded.server';
import { rotateCsrfToken } from '@site/routing/csrf';
import {
  redirectTo,
  secureCookies,
  setSessionCookie,
  staffAuth,
  staffSessionIdOf,
  takePendingSignInCookie,
} from '@site/lib/staff-auth.server';

export const prerender = false;

const STAFF_HOME = '/admin/dashboard';
/** A browser lands here: someone the provider knows but who is not staff gets the page, not JSON. */
const NOT_STAFF_PAGE = '/admin/error/403';

/** The provider's answer (code and state): a staff session for staff, the 403 page for anyone else. */
export const GET = apiRoute(async ({ cookies, request }) => {
  const secure = await secureCookies(request);
  const { pool, signIn } = await staffAuth();
  const pendingId = takePendingSignInCookie(cookies, secure);
  const pending = pendingId && (await takePendingSignIn(pool, pendingId));
  if (!pending) throw new UnauthenticatedError('no sign-in is pending in this browser');
  const staff = await signIn.finish(new URL(request.url), pending).catch((error: unknown) => {
    if (error instanceof ForbiddenError) return undefined;
    throw error;
  });
  if (!staff) return redirectTo(NOT_STAFF_PAGE);
  const previous = staffSessionIdOf(cookies, secure);
  if (previous) await endStaffSession(pool, previous, (await getRuntime()).sessions.staff);
  const { id } = await createStaffSession(pool, staff, new Date(), staff.credential);
  setSessionCookie(cookies, id, secure);
  // A token a page of the signed-out visit may have leaked is worth nothing once signed in.
  rotateCsrfToken(cookies, requestIsHttps(request));
  return redirectTo(STAFF_HOME);
});
