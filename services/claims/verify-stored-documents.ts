import { createHash } from 'node:crypto';
import type { DocumentStorage } from '@contracts/documents/document-storage';
import type { EventStore } from '@contracts/event-store';
import type { Claim } from './claim';
import { loadClaim } from './load-claim';

/** An object whose bytes are not those its claim's events sealed (decision 127). */
interface AlteredObject {
  readonly submissionId: string;
  readonly key: string;
  readonly expectedSha256: string;
  readonly foundSha256: string;
}

export interface StoredDocumentsReport {
  readonly checked: number;
  readonly altered: readonly AlteredObject[];
}

/** Every key a claim seals, with the sha256 its bytes must have: originals and renditions. */
function sealedKeys(claim: Claim): Map<string, string> {
  const sealed = new Map<string, string>();
  if (claim.status === 'NotSubmitted') return sealed;
  const letters = claim.decisionLetter ? [claim.decisionLetter] : [];
  for (const document of [...claim.documents, ...letters]) {
    sealed.set(document.key, document.sha256);
    if (document.rendition) sealed.set(document.rendition.key, document.rendition.sha256);
  }
  return sealed;
}

/**
 * `npm run audit -- verify`'s walk over the document storage: each object a claim names is
 * read and hashed, and one whose bytes differ from the sha256 its event records is reported,
 * whether or not anyone has read it since.
 */
export async function verifyStoredDocuments(ports: {
  readonly eventStore: EventStore;
  readonly documents: DocumentStorage;
}): Promise<StoredDocumentsReport> {
  const claims = new Map<string, Map<string, string>>();
  const altered: AlteredObject[] = [];
  let checked = 0;
  for await (const { key } of ports.documents.list('claims/')) {
    const submissionId = key.split('/')[1] ?? '';
    let sealed = claims.get(submissionId);
    if (!sealed) {
      sealed = sealedKeys(await loadClaim(ports.eventStore, submissionId));
      claims.set(submissionId, sealed);
    }
    const expectedSha256 = sealed.get(key);
    const object = expectedSha256 ? await ports.documents.get(key) : undefined;
    if (!expectedSha256 || !object) continue;
    checked += 1;
    const foundSha256 = createHash('sha256').update(object.bytes).digest('hex');
    if (foundSha256 !== expectedSha256) {
      altered.push({ submissionId, key, expectedSha256, foundSha256 });
    }
  }
  return { checked, altered };
}

export function formatStoredDocumentsReport(report: StoredDocumentsReport): string {
  if (report.altered.length === 0)
    return `documents ok: ${report.checked} objects match their sha256`;
  const lines = report.altered.map(
    (object) =>
      `  ${object.key} (claim ${object.submissionId}): recorded ${object.expectedSha256}, stored ${object.foundSha256}`,
  );
  return [
    `documents FAILED: ${report.altered.length} of ${report.checked} objects do not match their recorded sha256`,
    ...lines,
  ].join('\n');
}
