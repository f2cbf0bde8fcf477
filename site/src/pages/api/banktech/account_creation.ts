import { registerAccount } from '@services/identity';
import { apiRoute, json } from '@site/lib/api-route.server';
import { IDENTITY_BODY_BYTES, identityPorts, requestOrigin } from '@site/lib/identity.server';
import { readJsonBody } from '@site/lib/request-body.server';

export const prerender = false;

/** A field only robots fill: a filled one is answered like a success and creates nothing. */
const HONEYPOT = 'website';

/** Registration: VERIFICATION_CODE_REQUIRED (an 8-character code is mailed) or ACCOUNT_EXISTS. */
export const POST = apiRoute(async (context) => {
  const body = (await readJsonBody(context.request, IDENTITY_BODY_BYTES)) as Record<
    string,
    unknown
  >;
  if (typeof body?.[HONEYPOT] === 'string' && body[HONEYPOT] !== '') {
    return json({ status: 'VERIFICATION_CODE_REQUIRED' }, 201);
  }
  const { [HONEYPOT]: _ignored, ...fields } = body ?? {};
  return json(await registerAccount(await identityPorts(), fields, requestOrigin(context)), 201);
});
