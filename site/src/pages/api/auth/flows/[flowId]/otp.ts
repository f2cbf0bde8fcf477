import { checkSignInCode } from '@services/identity';
import { apiRoute, json } from '@site/lib/api-route.server';
import {
  IDENTITY_BODY_BYTES,
  identityPorts,
  refuseRejectedCode,
  requestOrigin,
} from '@site/lib/identity.server';
import { readJsonBody } from '@site/lib/request-body.server';

export const prerender = false;

/** Checks the one-time code: COMPLETED, then session/initiate opens the session. */
export const POST = apiRoute(async (context) => {
  const body = await readJsonBody(context.request, IDENTITY_BODY_BYTES);
  const outcome = refuseRejectedCode(
    await checkSignInCode(
      await identityPorts(),
      context.params.flowId ?? '',
      body,
      requestOrigin(context),
    ),
    'otp',
  );
  // The claimant is for the session, not for the browser.
  const { claimant: _claimant, ...answer } = outcome as typeof outcome & { claimant?: unknown };
  return json(answer);
});
