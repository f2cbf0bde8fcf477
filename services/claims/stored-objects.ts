import { claimDocumentsNamespace } from '@contracts/claims/documents';
import type { ClaimEvent } from '@contracts/claims/events';
import { referencedKeys } from './claim';
import { readClaimStream } from './claim-stream';
import type { PrepareStep } from './handle-claim-command';
import type { ClaimPorts } from './ports';

export interface ObjectToStore {
  /** The key the claim's events name; the content-addressed storage must give the same. */
  readonly key: string;
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

/**
 * Stores a claim's objects and returns the keys this call created. Objects that were
 * already there (the same bytes sent before) are not ours to delete if the save fails.
 */
export async function storeClaimObjects(
  ports: ClaimPorts,
  submissionId: string,
  objects: readonly ObjectToStore[],
): Promise<string[]> {
  const created: string[] = [];
  try {
    for (const object of objects) {
      if (created.includes(object.key) || (await ports.documents.exists(object.key))) continue;
      const stored = await ports.documents.put({
        namespace: claimDocumentsNamespace(submissionId),
        bytes: object.bytes,
        contentType: object.contentType,
      });
      created.push(stored.key);
      if (stored.key !== object.key) {
        throw new Error(`Document storage gave key ${stored.key}, expected ${object.key}`);
      }
    }
    return created;
  } catch (error) {
    await discardUnreferenced(ports, submissionId, created);
    throw error;
  }
}

/**
 * After a failed save: deletes what it created, except what the claim points at now (a
 * concurrent save of the same bytes may have found our object and referenced it).
 */
export async function discardUnreferenced(
  ports: ClaimPorts,
  submissionId: string,
  created: readonly string[],
): Promise<void> {
  if (created.length === 0) return;
  try {
    const keep = referencedKeys((await readClaimStream(ports.eventStore, submissionId)).state);
    await Promise.all(
      created.filter((key) => !keep.has(key)).map((key) => ports.documents.delete(key)),
    );
  } catch {
    // Unable to tell what the claim points at: an orphan object is harmless, a claim
    // pointing at a deleted one is not, so keep them.
  }
}

/**
 * The save order of every claim command that brings files: store the objects its events
 * name before the append; if the append fails, nothing this save created is left behind.
 */
export function storingObjects(
  ports: ClaimPorts,
  objectsOf: (events: readonly ClaimEvent[]) => readonly ObjectToStore[],
): PrepareStep {
  return async (events, { submissionId }) => {
    const created = await storeClaimObjects(ports, submissionId, objectsOf(events));
    return () => discardUnreferenced(ports, submissionId, created);
  };
}
