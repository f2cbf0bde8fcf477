import { amendClaimBodySchema } from '@contracts/api/claims-api';
import { MAX_UPLOAD_BODY_BYTES } from '@contracts/api/uploaded-file';
import { PayloadTooLargeError } from '@contracts/errors';
import { getRuntime } from '@infra/runtime';
import { amendClaim } from '@services/claims/amend-claim';
import { readClaimStream } from '@services/claims/claim-stream';
import { claimVersion } from '@services/claims/claim-version';
import { existingClaim } from '@services/claims/own-claim';
import { apiRoute, json } from '@site/lib/api-route.server';
import { claimEtag } from '@contracts/api/claim-etag';
import { readIfMatch } from '@site/lib/claim-version.server';
import { commandContext } from '@site/lib/command-context.server';
import { requireStaff, requireStaffWriter } from '@site/lib/guards.server';
import { rememberOwnWrite } from '@site/lib/read-your-writes.server';
import { parseWith, readJsonBody } from '@site/lib/request-body.server';
import { toUploadedFiles } from '@site/lib/uploaded-files.server';

export const prerender = false;

/** One claim as its events fold now, for the staff edit page; its version in ETag. */
export const GET = apiRoute(async ({ locals, params }) => {
  requireStaff(locals);
  const { eventStore } = await getRuntime();
  const submissionId = params.submissionId ?? '';
  const stream = await readClaimStream(eventStore, submissionId);
  return json(existingClaim(stream.state, submissionId), 200, {
    etag: claimEtag(claimVersion(stream)),
    'cache-control': 'no-store',
  });
});

/** Only a letter makes a staff save this large: the answer says so in the letter's words. */
function readAmendBody(request: Request): Promise<unknown> {
  return readJsonBody(request, MAX_UPLOAD_BODY_BYTES).catch((error: unknown) => {
    if (!(error instanceof PayloadTooLargeError)) throw error;
    throw new PayloadTooLargeError(error.message, [
      { field: 'decisionLetter', code: 'decisionLetter.tooLarge' },
    ]);
  });
}

/**
 * A staff save: only the changed fields and, optionally, a new decision letter stored first.
 * If-Match names the version the form was read at (decision 048).
 */
export const POST = apiRoute(async (context) => {
  const staff = requireStaffWriter(context.locals);
  const readVersion = readIfMatch(context.request);
  const { decisionLetter, overwriting, ...changes } = parseWith(
    amendClaimBodySchema,
    await readAmendBody(context.request),
  );
  const runtime = await getRuntime();
  const amended = await amendClaim(
    runtime,
    {
      submissionId: context.params.submissionId ?? '',
      changes,
      decisionLetter: decisionLetter && toUploadedFiles([decisionLetter])[0],
      readVersion,
      overwriting,
    },
    staff,
    commandContext(context, { kind: 'staff', id: staff.staffId, email: staff.email }),
  );
  rememberOwnWrite(context, amended.position);
  return json(amended.claim, 200, { etag: claimEtag(amended.version) });
});
