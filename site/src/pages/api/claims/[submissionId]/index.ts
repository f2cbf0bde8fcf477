import { NotFoundError } from '@contracts/errors';
import { getRuntime } from '@infra/runtime';
import { getCustomerClaimWithVersion } from '@projections/claims/customer-claims-query';
import { apiRoute, json } from '@site/lib/api-route.server';
import { claimEtag } from '@contracts/api/claim-etag';
import { requireCustomer } from '@site/lib/guards.server';

export const prerender = false;

/** One of the signed-in customer's own claims, its version in ETag; anyone else's id is not found. */
export const GET = apiRoute(async ({ params, locals }) => {
  const claimant = requireCustomer(locals);
  const { pool } = await getRuntime();
  const found = await getCustomerClaimWithVersion(
    pool,
    claimant.customerId,
    params.submissionId ?? '',
  );
  if (!found) throw new NotFoundError('claim not found');
  return json(found.claim, 200, { etag: claimEtag(found.version), 'cache-control': 'no-store' });
});
