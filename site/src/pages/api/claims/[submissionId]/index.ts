import { getRuntime } from '@infra/runtime';
import { getCustomerClaimWithVersion } from '@projections/claims/customer-claims-query';
import { apiRoute, json } from '@site/lib/api-route.server';
import { claimEtag } from '@contracts/api/claim-etag';
import { requireCustomer } from '@site/lib/guards.server';
import { readOwnClaim } from '@site/lib/own-claim-read.server';

export const prerender = false;

/** One of the signed-in customer's own claims, its version in ETag; anyone else's id is not found. */
export const GET = apiRoute(async ({ params, locals }) => {
  const claimant = requireCustomer(locals);
  const { pool } = await getRuntime();
  const submissionId = params.submissionId ?? '';
  const found = await readOwnClaim(claimant.customerId, submissionId, () =>
    getCustomerClaimWithVersion(pool, claimant.customerId, submissionId),
  );
  return json(found.claim, 200, { etag: claimEtag(found.version), 'cache-control': 'no-store' });
});
