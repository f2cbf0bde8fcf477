import { endStaffSession } from '@infra/oidc/staff-sessions';
import { getRuntime } from '@infra/runtime';
import { apiRoute } from '@site/lib/api-route.server';
import {
  clearSessionCookie,
  redirectTo,
  secureCookies,
  staffSessionIdOf,
} from '@site/lib/staff-auth.server';
import { endSessionWithinBound } from '@site/lib/sign-out.server';

export const prerender = false;

/** Ends the staff session and returns to the root (spec §4). */
export const GET = apiRoute(async ({ cookies, request }) => {
  const secure = await secureCookies(request);
  const id = staffSessionIdOf(cookies, secure);
  if (id) {
    await endSessionWithinBound('staff sign-out', async () => {
      const { pool, sessions } = await getRuntime();
      await endStaffSession(pool, id, sessions.staff);
    });
  }
  clearSessionCookie(cookies, secure);
  return redirectTo('/');
});
