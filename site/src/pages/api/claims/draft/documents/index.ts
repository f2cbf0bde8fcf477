import { stageDraftDocumentsBodySchema } from '@contracts/api/claims-api';
import { draftView, publicDocument } from '@contracts/claims/claim-draft';
import { MAX_UPLOAD_BODY_BYTES } from '@contracts/api/uploaded-file';
import { getRuntime } from '@infra/runtime';
import { stageDraftDocuments } from '@services/claims/claim-drafts';
import { apiRoute, json } from '@site/lib/api-route.server';
import { idempotencyKey } from '@site/lib/command-context.server';
import { draftPorts } from '@site/lib/claim-drafts.server';
import { optionalDraftIfMatch } from '@site/lib/draft-version.server';
import { requireCustomer } from '@site/lib/guards.server';
import { parseWith, readJsonBody } from '@site/lib/request-body.server';
import { toUploadedFiles } from '@site/lib/uploaded-files.server';

export const prerender = false;

/** Stages files of one kind in the claimant's draft, checked by the claim's document rules. */
export const POST = apiRoute(async ({ locals, request }) => {
  const claimant = requireCustomer(locals);
  const body = parseWith(
    stageDraftDocumentsBodySchema,
    await readJsonBody(request, MAX_UPLOAD_BODY_BYTES),
  );
  const ports = draftPorts(await getRuntime());
  const staged = await stageDraftDocuments(
    ports,
    claimant.customerId,
    body.kind,
    toUploadedFiles(body.attachments),
    idempotencyKey(request),
    optionalDraftIfMatch(request),
  );
  // The draft's new version, so the wizard's next write is based on what it now holds.
  const etag = draftView(await ports.drafts.read(claimant.customerId)).etag;
  return json({ documents: staged.map(publicDocument), etag }, 201, { etag });
});
