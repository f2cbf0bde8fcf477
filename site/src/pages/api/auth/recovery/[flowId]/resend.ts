import { resendRecoveryCode } from '@services/identity';
import { apiRoute, json } from '@site/lib/api-route.server';
import { identityPorts, requestOrigin } from '@site/lib/identity.server';

export const prerender = false;

/** A new recovery code, once the 120 s cooldown has passed. */
export const POST = apiRoute(async (context) =>
  json(
    await resendRecoveryCode(
      await identityPorts(),
      context.params.flowId ?? '',
      requestOrigin(context),
    ),
  ),
);
