import { draftView } from '@contracts/claims/claim-draft';
import { saveDraftBodySchema } from '@contracts/claims/claim-draft-schema';
import { getRuntime } from '@infra/runtime';
import { discardDraft, saveDraft } from '@services/claims/claim-drafts';
import { apiRoute, json } from '@site/lib/api-route.server';
import { draftPorts } from '@site/lib/claim-drafts.server';
import { readDraftIfMatch } from '@site/lib/draft-version.server';
import { requireCustomer } from '@site/lib/guards.server';
import { parseWith, readJsonBody } from '@site/lib/request-body.server';

export const prerender = false;

const MAX_DRAFT_BODY_BYTES = 16 * 1024;
const NO_STORE = { 'cache-control': 'no-store' };

/** The signed-in claimant's claim draft: the wizard's step, answers and staged documents. */
export const GET = apiRoute(async ({ locals }) => {
  const claimant = requireCustomer(locals);
  const ports = draftPorts(await getRuntime());
  return viewAnswer(draftView(await ports.drafts.read(claimant.customerId)));
});

/** The draft with its version in ETag, which the next write sends back in If-Match. */
const viewAnswer = (view: ReturnType<typeof draftView>) =>
  json(view, 200, { ...NO_STORE, etag: view.etag });

/** Saves where the claimant is in the wizard and what they answered so far. */
export const PUT = apiRoute(async ({ locals, request }) => {
  const claimant = requireCustomer(locals);
  const body = parseWith(saveDraftBodySchema, await readJsonBody(request, MAX_DRAFT_BODY_BYTES));
  const expected = readDraftIfMatch(request);
  const ports = draftPorts(await getRuntime());
  await saveDraft(ports, claimant.customerId, body, expected);
  return viewAnswer(draftView(await ports.drafts.read(claimant.customerId)));
});

/** Starts over: the draft and its staged documents are removed. */
export const DELETE = apiRoute(async ({ locals, request }) => {
  const claimant = requireCustomer(locals);
  const expected = readDraftIfMatch(request);
  await discardDraft(draftPorts(await getRuntime()), claimant.customerId, expected);
  return new Response(null, { status: 204 });
});
