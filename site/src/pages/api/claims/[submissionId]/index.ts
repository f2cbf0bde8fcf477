import { NotFoundError } from '@contracts/errors';
import { getRuntime } from '@infra/runtime';
import { getCustomerClaim } from '@projections/claims/customer-claims-query';
import { apiRoute, json } from '@site/lib/api-route.server';
import { requireCustomer } from '@site/lib/guards.server';

export const prerender = false;

/** One of the signed-in customer's own claims; anyone else's id is simply not found. */
export const GET = apiRoute(async ({ params, locals }) => {
  const claimant = requireCustomer(locals);
  const { pool } = await getRuntime();
  const claim = await getCustomerClaim(pool, claimant.customerId, params.submissionId ?? '');
  if (!claim) throw new NotFoundError('claim not found');
  return json(claim);
});
