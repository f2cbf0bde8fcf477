import { getRuntime } from '@infra/runtime';
import { readDecisionLetter } from '@services/claims/read-decision-letter';
import { apiRoute } from '@site/lib/api-route.server';
import { commandContext } from '@site/lib/command-context.server';
import { requireStaff, staffRole } from '@site/lib/guards.server';
import { letterResponse } from '@site/lib/pdf-response.server';

export const prerender = false;

/**
 * "Download original" of the claim's current decision letter (decision 127): the file as
 * staff uploaded it, checked against its recorded sha256, as an attachment, the download
 * recorded with the staff member's role.
 */
export const GET = apiRoute(async (context) => {
  const staff = requireStaff(context.locals);
  const runtime = await getRuntime();
  const letter = await readDecisionLetter(
    runtime,
    context.params.submissionId ?? '',
    { staff: { role: staffRole(context.locals), copy: 'original' } },
    commandContext(context, { kind: 'staff', id: staff.staffId, email: staff.email }),
  );
  return letterResponse(letter);
});
