import { submitClaimBodySchema } from '@contracts/api/claims-api';
import { MAX_UPLOAD_BODY_BYTES } from '@contracts/api/uploaded-file';
import { getRuntime } from '@infra/runtime';
import { listCustomerClaims } from '@projections/claims/customer-claims-query';
import { submitClaim } from '@services/claims/submit-claim';
import { apiRoute, json } from '@site/lib/api-route.server';
import { commandContext } from '@site/lib/command-context.server';
import { requireCustomer } from '@site/lib/guards.server';
import { rememberOwnWrite } from '@site/lib/read-your-writes.server';
import { parseWith, readJsonBody } from '@site/lib/request-body.server';
import { toUploadedFiles } from '@site/lib/uploaded-files.server';

export const prerender = false;

/** The signed-in customer's own claims, newest first. */
export const GET = apiRoute(async ({ locals }) => {
  const claimant = requireCustomer(locals);
  const { pool } = await getRuntime();
  return json({ claims: await listCustomerClaims(pool, claimant.customerId) });
});

/** Submits a claim, with its initial documents, for the signed-in customer. */
export const POST = apiRoute(async (context) => {
  const claimant = requireCustomer(context.locals);
  const body = parseWith(
    submitClaimBodySchema,
    await readJsonBody(context.request, MAX_UPLOAD_BODY_BYTES),
  );
  const runtime = await getRuntime();
  const { documents, ...request } = body;
  const files = toUploadedFiles(documents);
  const submitted = await submitClaim(
    runtime,
    {
      ...request,
      documents: documents.map((d, i) => ({
        kind: d.kind,
        file: files[i] as (typeof files)[number],
      })),
    },
    claimant,
    commandContext(context, { kind: 'customer', id: claimant.customerId, email: claimant.email }),
  );
  rememberOwnWrite(context, submitted.position);
  return json(
    { submissionId: submitted.submissionId, confirmationNumber: submitted.confirmationNumber },
    201,
  );
});
