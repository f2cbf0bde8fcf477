import { getRuntime } from '@infra/runtime';
import { submitDraft } from '@services/claims/claim-drafts';
import { apiRoute, json } from '@site/lib/api-route.server';
import { draftPorts } from '@site/lib/claim-drafts.server';
import { readDraftIfMatch } from '@site/lib/draft-version.server';
import { commandContext, idempotencyKey } from '@site/lib/command-context.server';
import { requireCustomer } from '@site/lib/guards.server';
import { rememberOwnWrite } from '@site/lib/read-your-writes.server';

export const prerender = false;

/**
 * Submits the claimant's draft, at the version named in If-Match, as a claim with its staged
 * documents; the draft is then closed (decision 121).
 */
export const POST = apiRoute(async (context) => {
  const claimant = requireCustomer(context.locals);
  const expected = readDraftIfMatch(context.request);
  const runtime = await getRuntime();
  const { commandId: _ignored, ...command } = commandContext(context, {
    kind: 'customer',
    id: claimant.customerId,
    email: claimant.email,
  });
  const submitted = await submitDraft(
    draftPorts(runtime),
    claimant,
    command,
    expected,
    idempotencyKey(context.request),
  );
  rememberOwnWrite(context, submitted.position);
  return json(
    { submissionId: submitted.submissionId, confirmationNumber: submitted.confirmationNumber },
    201,
  );
});
