import { z } from 'zod';
import { initiateSession } from '@services/identity';
import { apiRoute, json } from '@site/lib/api-route.server';
import { IDENTITY_BODY_BYTES, identityPorts, setSessionCookie } from '@site/lib/identity.server';
import { parseWith, readJsonBody } from '@site/lib/request-body.server';
import { CSRF_COOKIE } from '@site/routing/csrf';

export const prerender = false;

const initiateSchema = z.object({
  flowId: z.string('required').min(1, 'required').max(200, 'tooLong'),
});

/** Opens the session of a COMPLETED sign-in flow: httpOnly, SameSite=Lax cookie; the CSRF token for the header. */
export const POST = apiRoute(async (context) => {
  const { flowId } = parseWith(
    initiateSchema,
    await readJsonBody(context.request, IDENTITY_BODY_BYTES),
  );
  const session = await initiateSession(await identityPorts(), flowId);
  setSessionCookie(
    context.cookies,
    session.sessionId,
    context.url.protocol === 'https:',
    session.expiresAt,
  );
  return json({
    csrfToken: context.cookies.get(CSRF_COOKIE)?.value,
    user: { id: session.claimant.customerId, email: session.claimant.email },
    idleExpiresAt: session.idleExpiresAt.toISOString(),
  });
});
