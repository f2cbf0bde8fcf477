import { flowIdRequestSchema } from '@contracts/identity/identity-requests';
import { setupMfa } from '@services/identity';
import { apiRoute, json } from '@site/lib/api-route.server';
import { IDENTITY_BODY_BYTES, identityPorts } from '@site/lib/identity.server';
import { parseWith, readJsonBody } from '@site/lib/request-body.server';

export const prerender = false;

/** After VERIFICATION_CODE_REQUIRED: the user id to verify with (from the flow, never from an email). */
export const POST = apiRoute(async (context) => {
  const { flowId } = parseWith(
    flowIdRequestSchema,
    await readJsonBody(context.request, IDENTITY_BODY_BYTES),
  );
  return json(await setupMfa(await identityPorts(), flowId));
});
