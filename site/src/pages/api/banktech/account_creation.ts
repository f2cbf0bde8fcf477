import { registerAccount } from '@services/identity';
import { apiRoute, json } from '@site/lib/api-route.server';
import {
  IDENTITY_BODY_BYTES,
  identityPorts,
  requestOrigin,
  withoutHoneypot,
} from '@site/lib/identity.server';
import { readJsonBody } from '@site/lib/request-body.server';

export const prerender = false;

/** Registration: VERIFICATION_CODE_REQUIRED (an 8-character code is mailed) or ACCOUNT_EXISTS. */
export const POST = apiRoute(async (context) => {
  const { trapped, fields } = withoutHoneypot(
    await readJsonBody(context.request, IDENTITY_BODY_BYTES),
  );
  // A robot gets the answer's shape; nothing is created or mailed.
  if (trapped) return json({ status: 'VERIFICATION_CODE_REQUIRED' }, 201);
  return json(await registerAccount(await identityPorts(), fields, requestOrigin(context)), 201);
});
