import { UnauthenticatedError } from '@contracts/errors';
import { sessionStatus } from '@infra/oidc/staff-sessions';
import { apiRoute, json } from '@site/lib/api-route.server';
import { secureCookies, staffSessionFromCookies } from '@site/lib/staff-auth.server';

export const prerender = false;

/** The staff session's state, for the admin pages' minute-by-minute check (spec §4). */
export const GET = apiRoute(async ({ cookies, request }) => {
  const now = new Date();
  const found = await staffSessionFromCookies(cookies, await secureCookies(request), now);
  if (!found) throw new UnauthenticatedError('no valid staff session');
  const { staff } = found.session;
  return json(
    {
      ...sessionStatus(found.session, now),
      userData: { userID: staff.staffId, email: staff.email },
    },
    200,
    { 'cache-control': 'no-store' },
  );
});
