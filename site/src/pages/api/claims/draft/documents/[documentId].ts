import { draftView } from '@contracts/claims/claim-draft';
import { NotFoundError } from '@contracts/errors';
import { getRuntime } from '@infra/runtime';
import { removeDraftDocument } from '@services/claims/claim-drafts';
import { apiRoute } from '@site/lib/api-route.server';
import { draftPorts } from '@site/lib/claim-drafts.server';
import { optionalDraftIfMatch } from '@site/lib/draft-version.server';
import { requireCustomer } from '@site/lib/guards.server';

export const prerender = false;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Removes one of the claimant's own staged documents; anyone else's id is not found. */
export const DELETE = apiRoute(async ({ locals, params, request }) => {
  const claimant = requireCustomer(locals);
  const documentId = (params.documentId ?? '').toLowerCase();
  if (!UUID.test(documentId)) throw new NotFoundError('no such staged document');
  const ports = draftPorts(await getRuntime());
  await removeDraftDocument(ports, claimant.customerId, documentId, optionalDraftIfMatch(request));
  const etag = draftView(await ports.drafts.read(claimant.customerId)).etag;
  return new Response(null, { status: 204, headers: { etag } });
});
