import { getRuntime } from '@infra/runtime';
import { viewClaimDocument } from '@services/claims/view-claim-document';
import { apiRoute } from '@site/lib/api-route.server';
import { commandContext } from '@site/lib/command-context.server';
import { documentIdOf, viewKey } from '@site/lib/document-params.server';
import { documentResponse } from '@site/lib/document-response.server';
import { requireStaff, staffRole } from '@site/lib/guards.server';

export const prerender = false;

/**
 * "Download original" (decision 127): the sealed original of one of the claim's documents,
 * checked against its recorded sha256, only ever as an attachment (never shown by the
 * browser), the download recorded in the views stream with the staff member's role.
 */
export const GET = apiRoute(async (context) => {
  const staff = requireStaff(context.locals);
  const documentId = documentIdOf(context.params);
  const key = viewKey(context.url);
  const command = commandContext(context, { kind: 'staff', id: staff.staffId, email: staff.email });
  const runtime = await getRuntime();
  const document = await viewClaimDocument(
    runtime,
    {
      submissionId: context.params.submissionId ?? '',
      documentId,
      copy: 'original',
      role: staffRole(context.locals),
    },
    key ? { ...command, commandId: key } : command,
  );
  return documentResponse(document, 'attachment');
});
