import { documentViewsStreamId } from '@contracts/claims/document-view-events';
import { getRuntime } from '@infra/runtime';
import { loadClaim } from '@services/claims/load-claim';
import { existingClaim } from '@services/claims/own-claim';
import { toDocumentView } from '@services/claims/view-claim-document';
import { apiRoute, json } from '@site/lib/api-route.server';
import { requireStaff } from '@site/lib/guards.server';
import { verifyOneStream } from '@site/lib/stream-chain.server';

export const prerender = false;

/**
 * Who opened which of the claim's documents, and when, oldest first (the Audit tab), and
 * whether the views' own hash chain verifies: a view deleted or altered in the store shows.
 */
export const GET = apiRoute(async ({ locals, params }) => {
  requireStaff(locals);
  const runtime = await getRuntime();
  const submissionId = params.submissionId ?? '';
  existingClaim(await loadClaim(runtime.eventStore, submissionId), submissionId);
  const streamId = documentViewsStreamId(submissionId);
  const recorded = await runtime.eventStore.readStream(streamId);
  return json(
    {
      submissionId,
      chain: await verifyOneStream(runtime, streamId, recorded),
      views: recorded.map(toDocumentView),
    },
    200,
    { 'cache-control': 'no-store' },
  );
});
