import { addDocumentsBodySchema } from '@contracts/api/claims-api';
import { MAX_UPLOAD_BODY_BYTES } from '@contracts/api/uploaded-file';
import { getRuntime } from '@infra/runtime';
import {
  getCustomerClaim,
  listCustomerClaimDocuments,
} from '@projections/claims/customer-claims-query';
import { addAdditionalDocuments } from '@services/claims/add-additional-documents';
import { apiRoute, json } from '@site/lib/api-route.server';
import { commandContext } from '@site/lib/command-context.server';
import { readOwnClaim } from '@site/lib/own-claim-read.server';
import { requireCustomer } from '@site/lib/guards.server';
import { rememberOwnWrite } from '@site/lib/read-your-writes.server';
import { parseWith, readJsonBody } from '@site/lib/request-body.server';
import { toUploadedFiles } from '@site/lib/uploaded-files.server';

export const prerender = false;

/** The documents of one of the signed-in customer's claims; anyone else's id is not found. */
export const GET = apiRoute(async ({ params, locals }) => {
  const claimant = requireCustomer(locals);
  const { pool } = await getRuntime();
  const submissionId = params.submissionId ?? '';
  await readOwnClaim(claimant.customerId, submissionId, () =>
    getCustomerClaim(pool, claimant.customerId, submissionId),
  );
  const documents = await listCustomerClaimDocuments(pool, claimant.customerId, submissionId);
  return json({ documents }, 200, { 'cache-control': 'no-store' });
});

/** Adds a batch of documents to one of the signed-in customer's claims. */
export const POST = apiRoute(async (context) => {
  const claimant = requireCustomer(context.locals);
  const body = parseWith(
    addDocumentsBodySchema,
    await readJsonBody(context.request, MAX_UPLOAD_BODY_BYTES),
  );
  const runtime = await getRuntime();
  const submissionId = context.params.submissionId ?? '';
  const added = await addAdditionalDocuments(
    runtime,
    { submissionId, files: toUploadedFiles(body.attachments) },
    claimant,
    commandContext(context, { kind: 'customer', id: claimant.customerId, email: claimant.email }),
  );
  rememberOwnWrite(context, added.position);
  return json({ submissionId }, 201);
});
