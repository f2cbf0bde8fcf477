import { terminateSession } from '@services/identity';
import { apiRoute } from '@site/lib/api-route.server';
import { requestIsHttps } from '@site/lib/forwarded.server';
import { clearSessionCookie, identityPorts, sessionIdOf } from '@site/lib/identity.server';
import { endSessionWithinBound } from '@site/lib/sign-out.server';

export const prerender = false;

/** Sign out: the session ends on the server and the cookie goes. */
export const POST = apiRoute(async (context) => {
  const sessionId = sessionIdOf(context);
  if (sessionId)
    await endSessionWithinBound('customer sign-out', async () =>
      terminateSession(await identityPorts(), sessionId),
    );
  clearSessionCookie(context.cookies, requestIsHttps(context.request));
  return new Response(null, { status: 204 });
});
