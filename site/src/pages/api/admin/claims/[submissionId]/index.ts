import { amendClaimBodySchema } from '@contracts/api/claims-api';
import { MAX_UPLOAD_BODY_BYTES } from '@contracts/api/uploaded-file';
import { getRuntime } from '@infra/runtime';
import { amendClaim } from '@services/claims/amend-claim';
import { loadClaim } from '@services/claims/load-claim';
import { existingClaim } from '@services/claims/own-claim';
import { apiRoute, json } from '@site/lib/api-route.server';
import { commandContext } from '@site/lib/command-context.server';
import { requireStaff } from '@site/lib/guards.server';
import { waitForClaimsReadModel } from '@site/lib/read-your-writes.server';
import { parseWith, readJsonBody } from '@site/lib/request-body.server';
import { toUploadedFiles } from '@site/lib/uploaded-files.server';

export const prerender = false;

/** One claim as its events fold now, for the staff edit page. */
export const GET = apiRoute(async ({ locals, params }) => {
  requireStaff(locals);
  const { eventStore } = await getRuntime();
  const submissionId = params.submissionId ?? '';
  return json(existingClaim(await loadClaim(eventStore, submissionId), submissionId));
});

/** A staff save: the changed fields and, optionally, a new decision letter stored first. */
export const POST = apiRoute(async (context) => {
  const staff = requireStaff(context.locals);
  const { decisionLetter, ...changes } = parseWith(
    amendClaimBodySchema,
    await readJsonBody(context.request, MAX_UPLOAD_BODY_BYTES),
  );
  const runtime = await getRuntime();
  const amended = await amendClaim(
    runtime,
    {
      submissionId: context.params.submissionId ?? '',
      changes,
      decisionLetter: decisionLetter && toUploadedFiles([decisionLetter])[0],
    },
    staff,
    commandContext(context, { kind: 'staff', id: staff.staffId, email: staff.email }),
  );
  await waitForClaimsReadModel(runtime, amended.position);
  return json(amended.claim);
});
