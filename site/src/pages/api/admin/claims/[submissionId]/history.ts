import { z } from 'zod';
import { getRuntime } from '@infra/runtime';
import { claimHistory, HISTORY_COLUMNS } from '@projections/claims/claim-versions';
import { apiRoute, json } from '@site/lib/api-route.server';
import { requireStaff } from '@site/lib/guards.server';
import { parseWith } from '@site/lib/request-body.server';

export const prerender = false;

const historyQuerySchema = z.object({
  sort: z.enum(HISTORY_COLUMNS, 'invalidChoice').default('version'),
  direction: z.enum(['asc', 'desc'], 'invalidChoice').default('desc'),
  page: z.coerce.number('invalidFormat').int('invalidFormat').min(1, 'invalidFormat').default(1),
});

/** The Claims History tab: one claim's versions, 10 a page, sorted by any column. */
export const GET = apiRoute(async ({ locals, params, url }) => {
  requireStaff(locals);
  const query = parseWith(historyQuerySchema, Object.fromEntries(url.searchParams));
  const { pool } = await getRuntime();
  return json(await claimHistory(pool, params.submissionId ?? '', query));
});
