import { NotFoundError } from '@contracts/errors';
import { getRuntime } from '@infra/runtime';
import { removeDraftDocument } from '@services/claims/claim-drafts';
import { apiRoute } from '@site/lib/api-route.server';
import { draftPorts } from '@site/lib/claim-drafts.server';
import { requireCustomer } from '@site/lib/guards.server';

export const prerender = false;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Removes one of the claimant's own staged documents; anyone else's id is not found. */
export const DELETE = apiRoute(async ({ locals, params }) => {
  const claimant = requireCustomer(locals);
  const documentId = (params.documentId ?? '').toLowerCase();
  if (!UUID.test(documentId)) throw new NotFoundError('no such staged document');
  await removeDraftDocument(draftPorts(await getRuntime()), claimant.customerId, documentId);
  return new Response(null, { status: 204 });
});
