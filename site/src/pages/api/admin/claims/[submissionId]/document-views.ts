import { getRuntime } from '@infra/runtime';
import { loadClaim } from '@services/claims/load-claim';
import { existingClaim } from '@services/claims/own-claim';
import { documentViews } from '@services/claims/view-claim-document';
import { apiRoute, json } from '@site/lib/api-route.server';
import { requireStaff } from '@site/lib/guards.server';

export const prerender = false;

/** Who opened which of the claim's documents, and when, oldest first (the Audit tab). */
export const GET = apiRoute(async ({ locals, params }) => {
  requireStaff(locals);
  const { eventStore } = await getRuntime();
  const submissionId = params.submissionId ?? '';
  existingClaim(await loadClaim(eventStore, submissionId), submissionId);
  return json({ submissionId, views: await documentViews(eventStore, submissionId) }, 200, {
    'cache-control': 'no-store',
  });
});
