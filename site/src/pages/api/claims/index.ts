import { submitClaimRequestSchema } from '@contracts/claims/submit-claim-request';
import { getRuntime } from '@infra/runtime';
import { CLAIMS_PROJECTION } from '@projections/claims/claims-projection';
import { listCustomerClaims } from '@projections/claims/customer-claims-query';
import { waitForCheckpoint } from '@projections/runner/checkpoints';
import { submitClaim } from '@services/claims/submit-claim';
import { apiRoute, json } from '@site/lib/api-route.server';
import { commandContext } from '@site/lib/command-context.server';
import { requireCustomer } from '@site/lib/guards.server';
import { parseWith, readJsonBody } from '@site/lib/request-body.server';

export const prerender = false;

const MAX_BODY_BYTES = 16 * 1024;

/** The signed-in customer's own claims, newest first. */
export const GET = apiRoute(async ({ locals }) => {
  const claimant = requireCustomer(locals);
  const { pool } = await getRuntime();
  return json({ claims: await listCustomerClaims(pool, claimant.customerId) });
});

/** Submits a claim for the signed-in customer; answers once the dashboard can list it. */
export const POST = apiRoute(async (context) => {
  const claimant = requireCustomer(context.locals);
  const request = parseWith(
    submitClaimRequestSchema,
    await readJsonBody(context.request, MAX_BODY_BYTES),
  );
  const { eventStore, pool } = await getRuntime();
  const submitted = await submitClaim(
    eventStore,
    request,
    claimant,
    commandContext(context, { kind: 'customer', id: claimant.customerId, email: claimant.email }),
  );
  if (submitted.position) {
    await waitForCheckpoint(pool, CLAIMS_PROJECTION, submitted.position, { timeoutMs: 3_000 });
  }
  return json(
    { submissionId: submitted.submissionId, confirmationNumber: submitted.confirmationNumber },
    201,
    { location: `/api/claims/${submitted.submissionId}` },
  );
});
