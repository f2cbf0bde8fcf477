import { ConflictError } from '../errors';
import type { ClaimDraftView, DraftAnswers } from './claim-draft';

/**
 * What a draft write was based on (decision 121): no draft yet, or one draft (its attempt
 * id) at one version. Read from If-Match; a write whose base is not the current draft is a 409.
 */
export type ExpectedDraft =
  | { readonly kind: 'new' }
  | { readonly kind: 'draft'; readonly attemptId: string; readonly version: number };

/**
 * A draft ETag, strong or weak: `"new"` (no draft yet) or `"{attemptId}.{version}"`. The
 * OpenAPI document's If-Match pattern, so the document and the check cannot disagree.
 */
export const DRAFT_ETAG_PATTERN =
  '^(?:W/)?"(?:new|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.([0-9]{1,9}))"$';
const DRAFT_ETAG = new RegExp(DRAFT_ETAG_PATTERN);

/** The base an If-Match value names, or undefined when it is not a draft ETag at all. */
export function parseDraftEtag(value: string): ExpectedDraft | undefined {
  const match = DRAFT_ETAG.exec(value);
  if (!match) return undefined;
  const [, attemptId, version] = match;
  if (attemptId === undefined) return { kind: 'new' };
  return { kind: 'draft', attemptId, version: Number(version) };
}

/** What the claimant sees of one version: the answers and the attached files' names. */
export interface DraftSnapshot {
  readonly answers: DraftAnswers;
  readonly documents: readonly string[];
}

/** One field the other tab changed: its value then (`from`) and now (`to`). */
export interface DraftFieldChange {
  readonly field: keyof DraftAnswers | 'documents';
  readonly from: unknown;
  readonly to: unknown;
}

/** The fields that differ between the version a tab read and the current one. */
export function draftChanges(read: DraftSnapshot, current: DraftSnapshot): DraftFieldChange[] {
  const fields = Object.keys(current.answers) as (keyof DraftAnswers)[];
  const changes: DraftFieldChange[] = fields
    .filter((field) => read.answers[field] !== current.answers[field])
    .map((field) => ({ field, from: read.answers[field], to: current.answers[field] }));
  if (read.documents.join('\n') !== current.documents.join('\n')) {
    changes.push({ field: 'documents', from: read.documents, to: current.documents });
  }
  return changes;
}

/** A 409: the draft changed since the write's author read it (another tab); nothing was saved. */
export class DraftChangedError extends ConflictError {
  readonly reason = 'draftChanged';
  constructor(
    readonly draft: ClaimDraftView,
    readonly changes: readonly DraftFieldChange[],
  ) {
    super('the draft changed since it was read');
    this.name = 'DraftChangedError';
  }
}

/** A 409: the draft the write names was submitted already (another tab); nothing was created. */
export class DraftSubmittedError extends ConflictError {
  readonly reason = 'draftSubmitted';
  constructor(
    readonly submissionId: string,
    readonly confirmationNumber: string,
  ) {
    super('this claim was already submitted');
    this.name = 'DraftSubmittedError';
  }
}
