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
  const { trapped, fields } = withoutHoneypot(
    await readJsonBody(context.request, IDENTITY_BODY_BYTES),
  );
  // A robot gets the answer's shape; nothing is mailed.
  if (trapped) return json({ status: 'RECOVERY_CODE_REQUIRED', flowId: randomUUID() }, 201);
  return json(
    await requestPasswordRecovery(await identityPorts(), fields, requestOrigin(context)),
    201,
  );
});
