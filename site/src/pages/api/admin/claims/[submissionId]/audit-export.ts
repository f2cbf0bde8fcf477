import { getRuntime } from '@infra/runtime';
import { apiRoute, json } from '@site/lib/api-route.server';
import { auditExportFileName, claimAuditExport } from '@site/lib/audit-export.server';
import { requireStaff } from '@site/lib/guards.server';

export const prerender = false;

/**
 * A claim's audit export as a JSON file (decision 063): every stored event with its hash and
 * the hash it chains from, the stream head, when and by whom. A read: staff and auditors.
 */
export const GET = apiRoute(async ({ locals, params }) => {
  const staff = requireStaff(locals);
  const exported = await claimAuditExport(await getRuntime(), params.submissionId ?? '', {
    ...staff,
    role: locals.staffRole ?? 'agent',
  });
  return json(exported, 200, {
    'content-disposition': `attachment; filename="${auditExportFileName(exported)}"`,
    'cache-control': 'no-store',
  });
});
