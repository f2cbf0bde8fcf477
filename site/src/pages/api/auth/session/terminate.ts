import { terminateSession } from '@services/identity';
import { apiRoute } from '@site/lib/api-route.server';
import { clearSessionCookie, identityPorts, SESSION_COOKIE } from '@site/lib/identity.server';

export const prerender = false;

/** Sign out: the session ends on the server and the cookie goes. */
export const POST = apiRoute(async ({ cookies }) => {
  const sessionId = cookies.get(SESSION_COOKIE)?.value;
  if (sessionId) await terminateSession(await identityPorts(), sessionId);
  clearSessionCookie(cookies);
  return new Response(null, { status: 204 });
});
