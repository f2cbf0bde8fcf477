import { checkPassword } from '@services/identity';
import { apiRoute, json } from '@site/lib/api-route.server';
import { IDENTITY_BODY_BYTES, identityPorts, requestOrigin } from '@site/lib/identity.server';
import { readJsonBody } from '@site/lib/request-body.server';

export const prerender = false;

/** Checks email and password: OTP_REQUIRED (a code is mailed), VERIFICATION_CODE_REQUIRED, INVALID_CREDENTIALS or PASSWORD_LOCKED_OUT. */
export const POST = apiRoute(async (context) => {
  const body = await readJsonBody(context.request, IDENTITY_BODY_BYTES);
  return json(
    await checkPassword(
      await identityPorts(),
      context.params.flowId ?? '',
      body,
      requestOrigin(context),
    ),
  );
});
