import { getRuntime } from '@infra/runtime';
import { readDecisionLetter } from '@services/claims/read-decision-letter';
import { apiRoute } from '@site/lib/api-route.server';
import { commandContext } from '@site/lib/command-context.server';
import { requireStaff, staffRole } from '@site/lib/guards.server';
import { letterResponse } from '@site/lib/pdf-response.server';

export const prerender = false;

/**
 * Views a claim's current decision letter (staff and auditors): its rendition, checked
 * against its recorded sha256, the opening recorded with the viewer's role (decision 127).
 */
export const GET = apiRoute(async (context) => {
  const staff = requireStaff(context.locals);
  const runtime = await getRuntime();
  const letter = await readDecisionLetter(
    runtime,
    context.params.submissionId ?? '',
    { staff: { role: staffRole(context.locals) } },
    commandContext(context, { kind: 'staff', id: staff.staffId, email: staff.email }),
  );
  return letterResponse(letter);
});
