import type { StagedDocument, StoredDraft } from '@contracts/claims/claim-draft';
import type { DraftSnapshot } from '@contracts/claims/draft-conflicts';
import type { ClaimPorts } from './ports';

/** Changes to one claimant's draft, made while it is locked. Documents move its version on. */
interface DraftChanges {
  write(draft: Pick<StoredDraft, 'attemptId' | 'version' | 'step' | 'answers'>): Promise<void>;
  addDocuments(documents: readonly StagedDocument[]): Promise<void>;
  removeDocument(documentId: string): Promise<void>;
  discard(): Promise<void>;
  /** The draft became a claim: removed, with a record of the version submitted. */
  close(submission: DraftSubmission): Promise<void>;
}

/** Which version of a draft was submitted, and with which Idempotency-Key. */
export interface DraftSubmission {
  readonly attemptId: string;
  readonly version: number;
  readonly submitKey?: string;
}

/** Where drafts are kept (Postgres by default). */
export interface ClaimDraftStore {
  read(customerId: string): Promise<StoredDraft | undefined>;
  /** What the claimant saw of one version, while the draft lives. */
  version(
    customerId: string,
    attemptId: string,
    version: number,
  ): Promise<DraftSnapshot | undefined>;
  /** The record a submitted draft left. */
  submission(customerId: string, attemptId: string): Promise<DraftSubmission | undefined>;
  /**
   * Runs `work` with the claimant's draft locked, in one transaction: what `work` changes
   * is kept only if it returns. `create` makes an empty draft first when there is none.
   */
  change<T>(
    customerId: string,
    work: (draft: StoredDraft | undefined, changes: DraftChanges) => Promise<T>,
    options?: { create?: boolean },
  ): Promise<T>;
}

export interface DraftPorts extends ClaimPorts {
  readonly drafts: ClaimDraftStore;
}
