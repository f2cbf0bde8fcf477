import { claimStreamId } from '@contracts/claims/events';
import { NotFoundError } from '@contracts/errors';
import type { StaffMember, StaffRole } from '@contracts/principals';
import type { Runtime } from '@infra/runtime';
import { type AuditExport, buildAuditExport } from '@projections/audit/audit-export';
import { readExportAnchor } from '@projections/audit/export-anchor';
import { readStreamLinks } from '@projections/audit/verify-chains';

/**
 * A claim's audit export (decision 063): its stored events and head, read in one query from
 * Postgres; with EventStoreDB, which keeps no head of ours, the events read. With it, the
 * newest signed checkpoint that has the claim and the inclusion proof (decision 130).
 */
export async function claimAuditExport(
  runtime: Runtime,
  submissionId: string,
  exportedBy: StaffMember & { readonly role: StaffRole },
  now: Date = new Date(),
): Promise<AuditExport> {
  const streamId = claimStreamId(submissionId);
  // Read before the events, so the head it proves is never newer than the events exported.
  // EventStoreDB keeps no heads of ours, so no checkpoint covers its streams.
  const anchor = runtime.config.EVENTSTORE_URL
    ? null
    : await readExportAnchor(runtime.pool, streamId);
  const { links, head } = runtime.config.EVENTSTORE_URL
    ? {
        links: (await runtime.eventStore.readStream(streamId)).map((event) => ({
          ...event,
          eventId: event.metadata.eventId,
        })),
        head: undefined,
      }
    : await readStreamLinks(runtime.pool, streamId);
  if (links.length === 0) throw new NotFoundError(`Claim ${submissionId} not found`);
  const { staffId, email, role } = exportedBy;
  return buildAuditExport({
    anchor,
    submissionId,
    streamId,
    links,
    head,
    exportedAt: now,
    exportedBy: { staffId, email, role },
  });
}

/** A file name that says what the export is and when; only safe characters from the id. */
export function auditExportFileName(exported: AuditExport): string {
  const id = exported.submissionId.replace(/[^A-Za-z0-9-]/g, '_');
  const at = exported.exportedAt.replace(/[:.]/g, '-');
  return `audit-export-${id}-${at}.json`;
}
