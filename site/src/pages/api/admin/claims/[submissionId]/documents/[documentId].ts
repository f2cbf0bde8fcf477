import { DOCUMENT_ID } from '@contracts/claims/document-view-events';
import { ValidationError } from '@contracts/errors';
import { getRuntime } from '@infra/runtime';
import { loadClaim } from '@services/claims/load-claim';
import { claimDocument, viewClaimDocument } from '@services/claims/view-claim-document';
import { apiRoute } from '@site/lib/api-route.server';
import { commandContext, UUID_V7 } from '@site/lib/command-context.server';
import { documentHeadResponse, documentResponse } from '@site/lib/document-response.server';
import { requireStaff } from '@site/lib/guards.server';

export const prerender = false;

/** The id of one opening (`?view=`, a UUID v7 the viewer makes): a frame cannot send headers. */
function viewKey(url: URL): string | undefined {
  const key = url.searchParams.get('view')?.toLowerCase();
  if (key !== undefined && !UUID_V7.test(key)) {
    throw new ValidationError([{ field: 'view', code: 'invalidFormat' }]);
  }
  return key;
}

function documentIdOf(params: Record<string, string | undefined>): string {
  const documentId = params.documentId ?? '';
  if (!DOCUMENT_ID.test(documentId)) {
    throw new ValidationError([{ field: 'documentId', code: 'invalidFormat' }]);
  }
  return documentId;
}

/**
 * One of the claim's documents, inline, for the staff viewer beside the edit form; each
 * opening is recorded (decision 060). Another claim's document is not found.
 */
export const GET = apiRoute(async (context) => {
  const staff = requireStaff(context.locals);
  const documentId = documentIdOf(context.params);
  const key = viewKey(context.url);
  const command = commandContext(context, { kind: 'staff', id: staff.staffId, email: staff.email });
  const runtime = await getRuntime();
  const document = await viewClaimDocument(
    runtime,
    { submissionId: context.params.submissionId ?? '', documentId },
    key ? { ...command, commandId: key } : command,
  );
  return documentResponse(document);
});

/** A HEAD shows nothing, so it is no view: the same checks and headers, nothing recorded. */
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
