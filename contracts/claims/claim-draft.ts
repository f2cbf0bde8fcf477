import { CLAIM_TYPES, type ClaimType } from './catalogue';
import type { InitialDocumentKind } from './documents';
import type { AcceptedDocumentType } from '../documents/detect-document-type';
import type { FieldError } from '../errors';

/**
 * A claim the claimant is still writing in the add-claim wizard (customer spec §2): kept on
 * the server, one per claimant, so a reload or a new sign-in resumes where they left.
 */

/** 1 before you start, 2 product, 3 type, 4 documents, 5 summary, 6 submitted. */
export const WIZARD_STEPS = {
  beforeYouStart: 1,
  product: 2,
  type: 3,
  documents: 4,
  summary: 5,
  submitted: 6,
} as const;
export type WizardStep = (typeof WIZARD_STEPS)[keyof typeof WIZARD_STEPS];
/** A draft is saved on the steps before submitting; the submitted page is not a draft any more. */
export const LAST_DRAFT_STEP = WIZARD_STEPS.summary;

export interface DraftAnswers {
  readonly policyNumber: string;
  readonly productCode: string;
  readonly productType: string;
  readonly claimType: string;
  readonly claimDescription: string;
  /** The claimant's employer sends its statement to the claims team directly. */
  readonly employerFormChecked: boolean;
  /** The physician sends the statement to the claims team directly. */
  readonly physicianStatementChecked: boolean;
}

export const EMPTY_DRAFT_ANSWERS: DraftAnswers = {
  policyNumber: '',
  productCode: '',
  productType: '',
  claimType: '',
  claimDescription: '',
  employerFormChecked: false,
  physicianStatementChecked: false,
};

export interface DraftDocument {
  readonly id: string;
  readonly kind: InitialDocumentKind;
  readonly fileName: string;
  readonly size: number;
  /** What the server found the bytes to be. */
  readonly contentType: AcceptedDocumentType;
}

export interface ClaimDraftView {
  readonly step: WizardStep;
  readonly answers: DraftAnswers;
  readonly documents: readonly DraftDocument[];
  /**
   * The id the claim will get once submitted (absent before the first save). The wizard
   * sends it as the submit's Idempotency-Key, so a retried submit finds the claim.
   */
  readonly attemptId?: string;
  /** The draft's version as its ETag (decision 121): every write names it in If-Match. */
  readonly etag: string;
}

/** A staged document as the server keeps it: where its bytes are, which the browser never sees. */
export interface StagedDocument extends DraftDocument {
  readonly sha256: string;
  readonly storageKey: string;
}

export interface StoredDraft {
  readonly customerId: string;
  /** The submission id the claim gets: a retried submit lands on the same claim. */
  readonly attemptId: string;
  /** Grows by one with every change (answers, step or documents); 0 until the first. */
  readonly version: number;
  readonly step: WizardStep;
  readonly answers: DraftAnswers;
  readonly documents: readonly StagedDocument[];
}

/** What the browser may see of a staged document. */
export const publicDocument = ({ id, kind, fileName, size, contentType }: DraftDocument) => ({
  id,
  kind,
  fileName,
  size,
  contentType,
});

/** What the browser may see of a draft. */
export function draftView(draft: StoredDraft | undefined): ClaimDraftView {
  if (!draft) {
    return {
      step: WIZARD_STEPS.beforeYouStart,
      answers: EMPTY_DRAFT_ANSWERS,
      documents: [],
      etag: NO_DRAFT_ETAG,
    };
  }
  return {
    step: draft.step,
    answers: draft.answers,
    documents: draft.documents.map(publicDocument),
    attemptId: draft.attemptId,
    etag: draftEtag(draft),
  };
}

/** The ETag of "no draft yet": a write naming it creates the draft, or is stale if one exists. */
export const NO_DRAFT_ETAG = '"new"';

/** A draft's ETag names the draft (its attempt id) and its version: `"{attemptId}.{version}"`. */
const draftEtag = (draft: Pick<StoredDraft, 'attemptId' | 'version'>) =>
  `"${draft.attemptId}.${draft.version}"`;

// Half-typed answers are kept as typed; the claim's own rules apply when it is submitted.
// Control characters are refused here already: nothing of the kind belongs in any field,
// except line breaks and tabs in the description.
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);
const LINE_BREAKS_AND_TAB = new Set([0x09, 0x0a, 0x0d]);

export function hasControlCharacter(text: string, allowLineBreaks = false): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (isControl(code) && !(allowLineBreaks && LINE_BREAKS_AND_TAB.has(code))) return true;
  }
  return false;
}

/** The statement each claim type needs, besides the claim form (customer spec §3). */
const STATEMENT_FOR: Readonly<Record<ClaimType, 'employer' | 'physician'>> = {
  'Job Loss': 'employer',
  Disability: 'physician',
  'Critical Illness': 'physician',
};

export function statementKindFor(claimType: string): 'employer' | 'physician' | undefined {
  return (CLAIM_TYPES as readonly string[]).includes(claimType)
    ? STATEMENT_FOR[claimType as ClaimType]
    : undefined;
}

/**
 * The wizard's own rule: the statement the claim type needs is attached, or the claimant
 * confirms that the employer or physician sends it to the claims team directly.
 */
export function missingStatementErrors(
  answers: DraftAnswers,
  documents: readonly Pick<DraftDocument, 'kind'>[],
): FieldError[] {
  const kind = statementKindFor(answers.claimType);
  if (!kind) return [];
  const confirmed =
    kind === 'employer' ? answers.employerFormChecked : answers.physicianStatementChecked;
  if (confirmed || documents.some((document) => document.kind === kind)) return [];
  return [{ field: 'documents', code: 'documents.statementMissing', params: { kind } }];
}

const FIELD_STEP: Readonly<Record<string, WizardStep>> = {
  policyNumber: WIZARD_STEPS.product,
  productCode: WIZARD_STEPS.product,
  productType: WIZARD_STEPS.product,
  claimType: WIZARD_STEPS.type,
  claimDescription: WIZARD_STEPS.type,
  documents: WIZARD_STEPS.documents,
};

/** The first wizard step that holds one of these fields, to go back to when submitting fails. */
export function stepOfFields(fields: readonly string[]): WizardStep {
  const steps = fields.map((field) => FIELD_STEP[field] ?? WIZARD_STEPS.summary);
  return Math.min(WIZARD_STEPS.summary, ...steps) as WizardStep;
}
