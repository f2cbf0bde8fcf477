import { draftView } from '@contracts/claims/claim-draft';
import { saveDraftBodySchema } from '@contracts/claims/claim-draft-schema';
import { getRuntime } from '@infra/runtime';
import { discardDraft, saveDraft } from '@services/claims/claim-drafts';
import { apiRoute, json } from '@site/lib/api-route.server';
import { draftPorts } from '@site/lib/claim-drafts.server';
import { requireCustomer } from '@site/lib/guards.server';
import { parseWith, readJsonBody } from '@site/lib/request-body.server';

export const prerender = false;

const MAX_DRAFT_BODY_BYTES = 16 * 1024;
const NO_STORE = { 'cache-control': 'no-store' };

/** The signed-in claimant's claim draft: the wizard's step, answers and staged documents. */
export const GET = apiRoute(async ({ locals }) => {
  const claimant = requireCustomer(locals);
  const ports = draftPorts(await getRuntime());
  return json(draftView(await ports.drafts.read(claimant.customerId)), 200, NO_STORE);
});

/** Saves where the claimant is in the wizard and what they answered so far. */
export const PUT = apiRoute(async ({ locals, request }) => {
  const claimant = requireCustomer(locals);
  const body = parseWith(saveDraftBodySchema, await readJsonBody(request, MAX_DRAFT_BODY_BYTES));
  const ports = draftPorts(await getRuntime());
  await saveDraft(ports, claimant.customerId, body);
  return json(draftView(await ports.drafts.read(claimant.customerId)), 200, NO_STORE);
});

/** Starts over: the draft and its staged documents are removed. */
export const DELETE = apiRoute(async ({ locals }) => {
  const claimant = requireCustomer(locals);
  await discardDraft(draftPorts(await getRuntime()), claimant.customerId);
  return new Response(null, { status: 204 });
});
