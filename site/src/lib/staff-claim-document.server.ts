import type { APIContext } from 'astro';
import type { DocumentCopy } from '@contracts/claims/document-view-events';
import { getRuntime } from '@infra/runtime';
import { viewClaimDocument } from '@services/claims/view-claim-document';
import { commandContext } from './command-context.server';
import { documentIdOf, viewKey } from './document-params.server';
import { documentResponse } from './document-response.server';
import { requireStaff, staffRole } from './guards.server';

/**
 * One of a claim's documents for staff (decision 127): the rendition is shown inline beside the
 * edit form; the sealed original is only ever an attachment ("Download original"), never drawn
 * by the browser. Either is checked against its recorded sha256 and recorded in the views stream
 * with the staff member's role (decision 060); another claim's document is not found.
 */
export async function serveClaimDocumentToStaff(
  context: APIContext,
  copy: DocumentCopy,
): Promise<Response> {
  const staff = requireStaff(context.locals);
  const documentId = documentIdOf(context.params);
  const key = viewKey(context.url);
  const command = commandContext(context, { kind: 'staff', id: staff.staffId, email: staff.email });
  const document = await viewClaimDocument(
    await getRuntime(),
    {
      submissionId: context.params.submissionId ?? '',
      documentId,
      copy,
      role: staffRole(context.locals),
    },
    key ? { ...command, commandId: key } : command,
  );
  return documentResponse(document, copy === 'original' ? 'attachment' : 'inline');
}
