import { getRuntime } from '@infra/runtime';
import { readDecisionLetter } from '@services/claims/read-decision-letter';
import { apiRoute } from '@site/lib/api-route.server';
import { requireCustomer } from '@site/lib/guards.server';
import { letterResponse } from '@site/lib/pdf-response.server';

export const prerender = false;

/** Downloads the decision letter of one of the signed-in customer's claims. */
export const GET = apiRoute(async ({ locals, params }) => {
  const claimant = requireCustomer(locals);
  const runtime = await getRuntime();
  return letterResponse(await readDecisionLetter(runtime, params.submissionId ?? '', claimant));
});
