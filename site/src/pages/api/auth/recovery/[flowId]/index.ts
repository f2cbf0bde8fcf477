import { resetPassword } from '@services/identity';
import { apiRoute, json } from '@site/lib/api-route.server';
import {
  IDENTITY_BODY_BYTES,
  identityPorts,
  refuseRejectedCode,
  requestOrigin,
} from '@site/lib/identity.server';
import { readJsonBody } from '@site/lib/request-body.server';

export const prerender = false;

/** Reset: the recovery code and a new password that meets the rules. */
export const POST = apiRoute(async (context) => {
  const body = await readJsonBody(context.request, IDENTITY_BODY_BYTES);
  return json(
    refuseRejectedCode(
      await resetPassword(
        await identityPorts(),
        context.params.flowId ?? '',
        body,
        requestOrigin(context),
      ),
      'recoveryCode',
      'resetPassword.invalidCode',
    ),
  );
});
