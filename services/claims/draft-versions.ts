import { type DraftAnswers, draftView, type StoredDraft } from '@contracts/claims/claim-draft';
import {
  type DraftSnapshot,
  DraftChangedError,
  DraftSubmittedError,
  draftChanges,
  type ExpectedDraft,
} from '@contracts/claims/draft-conflicts';
import type { Claimant } from '@contracts/claims/events';
import { readClaimStream } from './claim-stream';
import type { DraftPorts } from './draft-ports';
import type { SubmittedClaim } from './submit-claim';

const EMPTY_SNAPSHOT = (answers: DraftAnswers): DraftSnapshot => ({ answers, documents: [] });

const snapshotOf = (draft: StoredDraft): DraftSnapshot => ({
  answers: draft.answers,
  documents: draft.documents.map((document) => document.fileName),
});

/** True when the write's base is the draft as it is now (version 0 is a draft with nothing in it). */
export function isCurrent(draft: StoredDraft | undefined, expected: ExpectedDraft): boolean {
  if (expected.kind === 'new') return draft === undefined || draft.version === 0;
  return draft?.attemptId === expected.attemptId && draft.version === expected.version;
}

/**
 * Refuses a write whose base is not the current draft (decision 121): a draft that became a
 * claim answers with that claim; any other change answers with what changed since the version
 * the write was based on, and the draft as it is now.
 */
export async function refuseStale(
  ports: DraftPorts,
  customerId: string,
  draft: StoredDraft | undefined,
  expected: ExpectedDraft,
  /** What the writer sent, compared with when the version it read is no longer kept. */
  written?: DraftAnswers,
): Promise<never> {
  if (expected.kind === 'draft' && draft?.attemptId !== expected.attemptId) {
    const closed = await submittedDraft(ports, customerId, expected.attemptId);
    if (closed) throw new DraftSubmittedError(closed.submissionId, closed.confirmationNumber);
  }
  const current = draft ? snapshotOf(draft) : EMPTY_SNAPSHOT(draftView(undefined).answers);
  const read =
    expected.kind === 'draft'
      ? await ports.drafts.version(customerId, expected.attemptId, expected.version)
      : EMPTY_SNAPSHOT(draftView(undefined).answers);
  const base = read ?? EMPTY_SNAPSHOT(written ?? draftView(undefined).answers);
  throw new DraftChangedError(draftView(draft), draftChanges(base, current));
}

/** The claim a draft became, when that draft was submitted. */
async function submittedDraft(ports: DraftPorts, customerId: string, attemptId: string) {
  const record = await ports.drafts.submission(customerId, attemptId);
  if (!record) return undefined;
  const stream = await readClaimStream(ports.eventStore, attemptId);
  const claim = stream.state;
  if (claim.status === 'NotSubmitted') return undefined;
  return { submissionId: attemptId, confirmationNumber: claim.confirmationNumber, stream };
}

/**
 * A submit sent again after its answer was lost (same draft version, same Idempotency-Key)
 * finds the claim it made; any other submit of a closed draft is told it was submitted.
 */
export async function replayOrRefuseSubmitted(
  ports: DraftPorts,
  claimant: Claimant,
  expected: ExpectedDraft,
  submitKey: string | undefined,
): Promise<SubmittedClaim | undefined> {
  if (expected.kind !== 'draft') return undefined;
  const record = await ports.drafts.submission(claimant.customerId, expected.attemptId);
  const closed = await submittedDraft(ports, claimant.customerId, expected.attemptId);
  if (!record || !closed) return undefined;
  const replay =
    submitKey !== undefined &&
    record.submitKey === submitKey &&
    record.version === expected.version;
  if (!replay) throw new DraftSubmittedError(closed.submissionId, closed.confirmationNumber);
  return {
    submissionId: closed.submissionId,
    confirmationNumber: closed.confirmationNumber,
    position: closed.stream.recorded[0]?.position,
    appended: false,
  };
}
