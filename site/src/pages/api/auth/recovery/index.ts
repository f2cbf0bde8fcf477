import { randomUUID } from 'node:crypto';
import { requestPasswordRecovery } from '@services/identity';
import { apiRoute, json } from '@site/lib/api-route.server';
import {
  IDENTITY_BODY_BYTES,
  identityPorts,
  requestOrigin,
  withoutHoneypot,
} from '@site/lib/identity.server';
import { readJsonBody } from '@site/lib/request-body.server';

export const prerender = false;

/** Forgot password: the same answer whether or not the email has an account. */
export const POST = apiRoute(async (context) => {
  const body = await readJsonBody(context.request, IDENTITY_BODY_BYTES);
  return json(
    await requestPasswordRecovery(await identityPorts(), body, requestOrigin(context)),
    201,
  );
});
