import { checkPassword } from '@services/identity';
import { apiRoute, json } from '@site/lib/api-route.server';
import {
  IDENTITY_BODY_BYTES,
  identityPorts,
  requestOrigin,
  withoutHoneypot,
} from '@site/lib/identity.server';
import { readJsonBody } from '@site/lib/request-body.server';

export const prerender = false;

/** Checks email and password: OTP_REQUIRED (a code is mailed), VERIFICATION_CODE_REQUIRED, INVALID_CREDENTIALS or PASSWORD_LOCKED_OUT. */
export const POST = apiRoute(async (context) => {
  const { trapped, fields } = withoutHoneypot(
    await readJsonBody(context.request, IDENTITY_BODY_BYTES),
  );
  // A robot is told the credentials are wrong; nothing is checked, counted or mailed.
  if (trapped) return json({ status: 'INVALID_CREDENTIALS' });
  const flowId = context.params.flowId ?? '';
  return json(await checkPassword(await identityPorts(), flowId, fields, requestOrigin(context)));
});
