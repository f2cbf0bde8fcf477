import { getRuntime } from '@infra/runtime';
import { readDecisionLetter } from '@services/claims/read-decision-letter';
import { apiRoute } from '@site/lib/api-route.server';
import { requireStaff } from '@site/lib/guards.server';
import { letterResponse } from '@site/lib/pdf-response.server';

export const prerender = false;

/** Views a claim's current decision letter (staff). */
export const GET = apiRoute(async ({ locals, params }) => {
  requireStaff(locals);
  const runtime = await getRuntime();
  return letterResponse(await readDecisionLetter(runtime, params.submissionId ?? ''));
});
