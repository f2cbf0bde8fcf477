import { startSignIn } from '@services/identity';
import { apiRoute, json } from '@site/lib/api-route.server';
import { identityPorts, requestOrigin } from '@site/lib/identity.server';

export const prerender = false;

/** Starts a sign-in flow (30 minutes): the next step is the password. */
export const POST = apiRoute(async (context) =>
  json(await startSignIn(await identityPorts(), requestOrigin(context)), 201),
);
