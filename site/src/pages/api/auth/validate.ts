import { UnauthenticatedError } from '@contracts/errors';
import { sessionStatus } from '@infra/oidc/staff-sessions';
import { apiRoute, json } from '@site/lib/api-route.server';
import { refuseUnvouchedStaff } from '@site/lib/guards.server';
import { secureCookies, staffSessionFromCookies } from '@site/lib/staff-auth.server';

export const prerender = false;

/** The staff session's state, for the admin pages' minute-by-minute check (spec §4). */
export const GET = apiRoute(async ({ cookies, locals, request }) => {
  // A session the provider stopped vouching for is a 403 here too: the watch shows why.
  refuseUnvouchedStaff(locals);
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
