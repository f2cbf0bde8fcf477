import { z } from 'zod';
import { setupMfa } from '@services/identity';
import { apiRoute, json } from '@site/lib/api-route.server';
import { IDENTITY_BODY_BYTES, identityPorts } from '@site/lib/identity.server';
import { parseWith, readJsonBody } from '@site/lib/request-body.server';

export const prerender = false;

const setupSchema = z.object({
  flowId: z.string('required').min(1, 'required').max(200, 'tooLong'),
});

/** After VERIFICATION_CODE_REQUIRED: the user id to verify with (from the flow, never from an email). */
export const POST = apiRoute(async (context) => {
  const { flowId } = parseWith(
    setupSchema,
    await readJsonBody(context.request, IDENTITY_BODY_BYTES),
  );
  return json(await setupMfa(await identityPorts(), flowId));
});
