import { readProfile, updateProfile } from '@services/identity';
import { apiRoute, json } from '@site/lib/api-route.server';
import { requireCustomer } from '@site/lib/guards.server';
import { IDENTITY_BODY_BYTES, identityPorts } from '@site/lib/identity.server';
import { readJsonBody } from '@site/lib/request-body.server';

export const prerender = false;

/** The signed-in customer's profile. */
export const GET = apiRoute(async ({ locals }) => {
  const customer = requireCustomer(locals);
  return json({ data: await readProfile(await identityPorts(), customer.customerId) });
});

/** Updates the profile; names and financial institution cannot change, whatever the body says. */
export const PUT = apiRoute(async ({ locals, request }) => {
  const customer = requireCustomer(locals);
  const body = await readJsonBody(request, IDENTITY_BODY_BYTES);
  return json({ data: await updateProfile(await identityPorts(), customer.customerId, body) });
});
