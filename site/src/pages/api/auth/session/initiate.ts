import { flowIdRequestSchema } from '@contracts/identity/identity-requests';
import { initiateSession } from '@services/identity';
import { apiRoute, json } from '@site/lib/api-route.server';
import { IDENTITY_BODY_BYTES, identityPorts, setSessionCookie } from '@site/lib/identity.server';
import { parseWith, readJsonBody } from '@site/lib/request-body.server';
import { rotateCsrfToken } from '@site/routing/csrf';
import { requestIsHttps } from '@site/lib/forwarded.server';

export const prerender = false;

/** Opens the session of a COMPLETED sign-in flow: httpOnly, SameSite=Lax cookie; the CSRF token for the header. */
export const POST = apiRoute(async (context) => {
  const { flowId } = parseWith(
    flowIdRequestSchema,
    await readJsonBody(context.request, IDENTITY_BODY_BYTES),
  );
  const session = await initiateSession(await identityPorts(), flowId);
  const https = requestIsHttps(context.request);
  setSessionCookie(context.cookies, session.sessionId, https, session.expiresAt);
  // A token a page of the signed-out visit may have leaked is worth nothing once signed in.
  const csrfToken = rotateCsrfToken(context.cookies, https);
  return json({
    csrfToken,
    user: { id: session.claimant.customerId, email: session.claimant.email },
    idleExpiresAt: session.idleExpiresAt.toISOString(),
  });
});
