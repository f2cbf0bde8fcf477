import type { DocumentStorage } from '@contracts/documents/document-storage';
import { claimStreamId } from '@contracts/claims/events';
import type { EventStore } from '@contracts/event-store';

export interface SweepPorts {
  readonly documents: DocumentStorage;
  readonly eventStore: EventStore;
}

export interface SweepReport {
  readonly checked: number;
  readonly deleted: readonly string[];
}

const CLAIM_KEY = /claims\/[A-Za-z0-9_-]+\/[0-9a-f]{64}/g;

/**
 * Deletes objects under `claims/` that no event of their claim names and that were stored
 * more than `graceMs` ago: what a crash between storing a submission's files and
 * appending its event leaves behind. Keys named by any event count (a replaced decision
 * letter stays: the history shows it). The grace period leaves saves in progress alone.
 */
export async function sweepOrphanedClaimObjects(
  ports: SweepPorts,
  { now, graceMs }: { now: Date; graceMs: number },
): Promise<SweepReport> {
  const named = new Map<string, Set<string>>();
  const deleted: string[] = [];
  let checked = 0;
  for await (const object of ports.documents.list('claims/')) {
    checked += 1;
    if (now.getTime() - object.storedAt.getTime() < graceMs) continue;
    const submissionId = object.key.split('/')[1] ?? '';
    let keys = named.get(submissionId);
    if (!keys) {
      keys = await keysNamedByClaim(ports.eventStore, submissionId);
      named.set(submissionId, keys);
    }
    if (!keys.has(object.key)) {
      await ports.documents.delete(object.key);
      deleted.push(object.key);
    }
  }
  return { checked, deleted };
}

async function keysNamedByClaim(eventStore: EventStore, submissionId: string) {
  const events = await eventStore.readStream(claimStreamId(submissionId));
  return new Set(events.flatMap((event) => JSON.stringify(event.data).match(CLAIM_KEY) ?? []));
}
