import { endStaffSession } from '@infra/oidc/staff-sessions';
import { getRuntime } from '@infra/runtime';
import { apiRoute } from '@site/lib/api-route.server';
import {
  clearSessionCookie,
  redirectTo,
  STAFF_SESSION_COOKIE,
  secureCookies,
} from '@site/lib/staff-auth.server';

export const prerender = false;

/** Ends the staff session and returns to the root (spec §4). */
export const GET = apiRoute(async ({ cookies, request }) => {
  const id = cookies.get(STAFF_SESSION_COOKIE)?.value;
  if (id) await endStaffSession((await getRuntime()).pool, id);
  clearSessionCookie(cookies, await secureCookies(request));
  return redirectTo('/');
});
