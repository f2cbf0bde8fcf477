import { claimSearchQuerySchema } from '@contracts/claims/claim-search';
import { getRuntime } from '@infra/runtime';
import { searchClaims } from '@projections/claims/staff-search';
import { apiRoute, json } from '@site/lib/api-route.server';
import { requireStaff } from '@site/lib/guards.server';
import { parseWith } from '@site/lib/request-body.server';

export const prerender = false;

/** Staff search over every claim: one search type, keyset-paged 10 at a time. */
export const GET = apiRoute(async ({ locals, url }) => {
  requireStaff(locals);
  const query = parseWith(claimSearchQuerySchema, Object.fromEntries(url.searchParams));
  const { pool } = await getRuntime();
  return json(await searchClaims(pool, query));
});
