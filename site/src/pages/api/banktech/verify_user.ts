import { verifyUserRequestSchema } from '@contracts/identity/identity-requests';
import { resendVerificationCode, verifyAccount } from '@services/identity';
import { apiRoute, json } from '@site/lib/api-route.server';
import {
  IDENTITY_BODY_BYTES,
  identityPorts,
  refuseRejectedCode,
  requestOrigin,
} from '@site/lib/identity.server';
import { parseWith, readJsonBody } from '@site/lib/request-body.server';

export const prerender = false;

/** Registration code: ACCOUNT_OK, or (resend: true) a new code once the 60 s cooldown has passed. */
export const POST = apiRoute(async (context) => {
  const body = parseWith(
    verifyUserRequestSchema,
    await readJsonBody(context.request, IDENTITY_BODY_BYTES),
  );
  const ports = await identityPorts();
  const origin = requestOrigin(context);
  if (body.resend) return json(await resendVerificationCode(ports, body.user_id, origin));
  return json(
    refuseRejectedCode(
      await verifyAccount(
        ports,
        body.user_id,
        { verificationCode: body.verification_code },
        origin,
      ),
      'verification_code',
    ),
  );
});
