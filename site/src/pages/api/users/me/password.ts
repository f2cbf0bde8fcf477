import { changePassword } from '@services/identity';
import { apiRoute } from '@site/lib/api-route.server';
import { requestIsHttps } from '@site/lib/forwarded.server';
import { requireCustomer } from '@site/lib/guards.server';
import { clearSessionCookie, IDENTITY_BODY_BYTES, identityPorts } from '@site/lib/identity.server';
import { readJsonBody } from '@site/lib/request-body.server';

export const prerender = false;

/** Checks the current password and the rules, then ends every session of the customer. */
export const POST = apiRoute(async ({ locals, request, cookies }) => {
  const customer = requireCustomer(locals);
  const body = await readJsonBody(request, IDENTITY_BODY_BYTES);
  await changePassword(await identityPorts(), customer.customerId, body);
  clearSessionCookie(cookies, requestIsHttps(request));
  return new Response(null, { status: 204 });
});
