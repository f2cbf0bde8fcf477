import { getRuntime } from '@infra/runtime';
import { loadClaim } from '@services/claims/load-claim';
import { claimDocument } from '@services/claims/view-claim-document';
import { apiRoute } from '@site/lib/api-route.server';
import { documentIdOf } from '@site/lib/document-params.server';
import { documentHeadResponse } from '@site/lib/document-response.server';
import { requireStaff } from '@site/lib/guards.server';
import { serveClaimDocumentToStaff } from '@site/lib/staff-claim-document.server';

export const prerender = false;

/**
 * The rendition of one of the claim's documents, inline, for the staff viewer beside the edit
 * form (decision 127): the address names the original's sha256, as the event records it. Each
 * opening is recorded with the viewer's role (decision 060). Another claim's document is not
 * found; bytes that do not match their recorded sha256 are refused.
 */
export const GET = apiRoute((context) => serveClaimDocumentToStaff(context, 'rendition'));

/**
 * A HEAD shows nothing, so it is no view: the same checks and headers, nothing recorded. The
 * length is the rendition's (the original's for a document stored before renditions).
 */
export const HEAD = apiRoute(async ({ locals, params }) => {
  requireStaff(locals);
  const documentId = documentIdOf(params);
  const { eventStore } = await getRuntime();
  const submissionId = params.submissionId ?? '';
  const document = claimDocument(
    await loadClaim(eventStore, submissionId),
    submissionId,
    documentId,
  );
  return documentHeadResponse(document);
});
