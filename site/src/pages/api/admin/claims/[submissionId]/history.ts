import { historyQuerySchema } from '@contracts/claims/claim-history-query';
import { getRuntime } from '@infra/runtime';
import { claimHistory } from '@projections/claims/claim-versions';
import { apiRoute, json } from '@site/lib/api-route.server';
import { requireStaff } from '@site/lib/guards.server';
import { parseWith } from '@site/lib/request-body.server';

export const prerender = false;

/** The Claims History tab: one claim's versions, 10 a page, sorted by any column. */
export const GET = apiRoute(async ({ locals, params, url }) => {
  requireStaff(locals);
  const query = parseWith(historyQuerySchema, Object.fromEntries(url.searchParams));
  const { pool } = await getRuntime();
  return json(await claimHistory(pool, params.submissionId ?? '', query));
});
