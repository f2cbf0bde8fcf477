import { getRuntime } from '@infra/runtime';
import { claimStatusCounts } from '@projections/claims/status-counts';
import { apiRoute, json } from '@site/lib/api-route.server';
import { requireStaff } from '@site/lib/guards.server';

export const prerender = false;

/** Claims per status for the staff dashboard's work queue (decision 065). */
export const GET = apiRoute(async ({ locals }) => {
  requireStaff(locals);
  const { pool } = await getRuntime();
  return json({ counts: await claimStatusCounts(pool) });
});
