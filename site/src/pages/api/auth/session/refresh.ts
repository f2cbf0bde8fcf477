import { UnauthenticatedError } from '@contracts/errors';
import { refreshSession } from '@services/identity';
import { apiRoute, json } from '@site/lib/api-route.server';
import { identityPorts, sessionIdOf } from '@site/lib/identity.server';

export const prerender = false;

/** "Extend" in the timeout modal: the idle limit starts again. */
export const POST = apiRoute(async (context) => {
  const session = await refreshSession(await identityPorts(), sessionIdOf(context));
  if (!session) throw new UnauthenticatedError('no live session');
  return json({ idleExpiresAt: session.idleExpiresAt.toISOString() });
});
