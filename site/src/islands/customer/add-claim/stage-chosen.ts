import type { ClaimDraftView, DraftDocument } from '@contracts/claims/claim-draft';
import type { InitialDocumentKind } from '@contracts/claims/documents';
import { type ChosenFile, dataUrlOf } from '@site/ui/file-drop/chosen-file';
import { readDraft, type StagedAnswer, serverMessages, stageFiles } from './draft-client';
import type { UploadKeyOf } from './upload-keys';

/**
 * What became of one chosen file, as the claimant is told: attached; refused by a rule (it
 * arrived, it is not attached); or its answer was lost, and re-reading the draft says whether
 * it arrived.
 */
export type FileOutcome =
  | { readonly name: string; readonly result: 'attached' | 'arrived' | 'notSent' | 'unknown' }
  | { readonly name: string; readonly result: 'refused'; readonly reasons: readonly string[] };

export interface StagedChosen {
  readonly outcomes: readonly FileOutcome[];
  /** The documents to show: the server's own list after a lost answer, else ours plus the new. */
  readonly documents: readonly DraftDocument[];
  readonly etag: string;
  /** An answer that ends the step (session over, or the draft changed or was submitted). */
  readonly stoppedBy?: StagedAnswer;
}

const REFUSALS = new Set([400, 413, 415, 422]);

/** Sends each file in its own request under its own key, so a retry of one file is a replay. */
export async function stageChosen(
  kind: InitialDocumentKind,
  chosen: readonly ChosenFile[],
  start: { readonly documents: readonly DraftDocument[]; readonly etag: string },
  keyOf: UploadKeyOf,
  onPercent: (index: number, percent: number) => void,
): Promise<StagedChosen> {
  let documents = [...start.documents];
  let etag = start.etag;
  const outcomes: FileOutcome[] = [];
  const lost: string[] = [];
  for (const [index, c] of chosen.entries()) {
    const name = c.fileName;
    try {
      const payload = [{ name, data: await dataUrlOf(c.file) }];
      const answer = await stageFiles(
        kind,
        payload,
        ([percent]) => onPercent(index, percent ?? 0),
        await keyOf(kind, c.file),
        etag,
      );
      if (answer.status === 201 && answer.body?.documents) {
        documents = [...documents, ...answer.body.documents];
        etag = answer.body.etag ?? etag;
        outcomes.push({ name, result: 'attached' });
      } else if (answer.status === 401 || answer.status === 409) {
        return { outcomes, documents, etag, stoppedBy: answer };
      } else if (REFUSALS.has(answer.status)) {
        outcomes.push({ name, result: 'refused', reasons: serverMessages(answer.body) });
      } else {
        lost.push(name);
      }
    } catch {
      lost.push(name);
    }
  }
  if (lost.length === 0) return { outcomes, documents, etag };
  const held = await serverDraft();
  for (const name of lost) {
    const arrived = held?.documents.some((d) => d.kind === kind && d.fileName === name);
    outcomes.push({ name, result: held ? (arrived ? 'arrived' : 'notSent') : 'unknown' });
  }
  return held
    ? { outcomes, documents: held.documents, etag: held.etag }
    : { outcomes, documents, etag };
}

/** The draft as the server holds it, or undefined when it cannot be read either. */
async function serverDraft(): Promise<ClaimDraftView | undefined> {
  try {
    const answer = await readDraft();
    return answer.ok ? answer.body : undefined;
  } catch {
    return undefined;
  }
}
