import { getRuntime } from '@infra/runtime';
import { markDecisionLetterRead } from '@services/claims/mark-decision-letter-read';
import { apiRoute } from '@site/lib/api-route.server';
import { commandContext } from '@site/lib/command-context.server';
import { requireCustomer } from '@site/lib/guards.server';
import { rememberOwnWrite } from '@site/lib/read-your-writes.server';

export const prerender = false;

/** The customer opened the claim's details: the decision letter counts as read. */
export const POST = apiRoute(async (context) => {
  const claimant = requireCustomer(context.locals);
  const runtime = await getRuntime();
  const result = await markDecisionLetterRead(
    runtime,
    { submissionId: context.params.submissionId ?? '' },
    claimant,
    commandContext(context, { kind: 'customer', id: claimant.customerId, email: claimant.email }),
  );
  rememberOwnWrite(context, result.position);
  return new Response(null, { status: 204 });
});
