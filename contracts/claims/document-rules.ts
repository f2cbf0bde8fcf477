import { extensionMatchesType } from '../documents/detect-document-type';
import type { FieldError } from '../errors';
import {
  DECISION_LETTER_LIMITS,
  DOCUMENT_LIMITS,
  type DocumentRef,
  type InitialDocumentKind,
  type InspectedFile,
  SINGLE_DOCUMENT_KINDS,
  sameFileName,
} from './documents';
import type { CustomerDocumentMessageCode, DecisionLetterMessageCode } from './messages';

/**
 * Document rules (customer spec §5, §9; staff spec §5) as plain checks over files the server
 * has already inspected. Each returns every field error found, empty when all is well.
 */

const MB = 1024 * 1024;

type DocumentError = FieldError & { readonly code: CustomerDocumentMessageCode };

const documentsError = (
  code: CustomerDocumentMessageCode,
  params?: Record<string, string | number>,
): DocumentError => (params ? { field: 'documents', code, params } : { field: 'documents', code });

const totalSize = (files: readonly { readonly size: number }[]) =>
  files.reduce((sum, file) => sum + file.size, 0);

/** What the rules read of a file: the browser knows these before uploading, as the server does. */
export type CheckedFile = Pick<InspectedFile, 'fileName' | 'size' | 'contentType'>;
/** What the rules read of a document the claim already holds. */
export type HeldDocument = Pick<DocumentRef, 'fileName' | 'size' | 'kind'>;

function unsupportedTypeErrors(files: readonly CheckedFile[]): DocumentError[] {
  return files
    .filter(
      (file) =>
        file.contentType === undefined || !extensionMatchesType(file.fileName, file.contentType),
    )
    .map((file) => documentsError('documents.unsupportedType', { name: file.fileName }));
}

/** A name already submitted, or chosen twice in the same batch, is reported once. */
function duplicateNameErrors(
  files: readonly CheckedFile[],
  existing: readonly { readonly fileName: string }[],
): DocumentError[] {
  const reported: string[] = [];
  files.forEach((file, index) => {
    const seen = [...existing, ...files.slice(0, index)];
    const duplicate = seen.some((other) => sameFileName(other.fileName, file.fileName));
    if (duplicate && !reported.some((name) => sameFileName(name, file.fileName))) {
      reported.push(file.fileName);
    }
  });
  return reported.map((name) => documentsError('documents.duplicateName', { name }));
}

function duplicateKindErrors(kinds: readonly InitialDocumentKind[]): DocumentError[] {
  return SINGLE_DOCUMENT_KINDS.filter(
    (kind) => kinds.filter((other) => other === kind).length > 1,
  ).map((kind) => documentsError('documents.duplicateKind', { kind }));
}

export interface InitialDocument extends InspectedFile {
  readonly kind: InitialDocumentKind;
}

/** What the initial rules read: the browser knows it of a file before sending it. */
export type CheckedInitialDocument = CheckedFile & { readonly kind: InitialDocumentKind };

/** Documents sent with a new claim: at most 5, 4 MB in all. None at all is allowed. */
export function initialDocumentErrors(files: readonly CheckedInitialDocument[]): FieldError[] {
  const errors: DocumentError[] = [];
  if (files.length > DOCUMENT_LIMITS.initialMaxCount) {
    errors.push(
      documentsError('documents.tooManyInitial', { max: DOCUMENT_LIMITS.initialMaxCount }),
    );
  }
  if (totalSize(files) > DOCUMENT_LIMITS.initialMaxTotalBytes) {
    errors.push(
      documentsError('documents.initialTotalTooLarge', {
        maxMb: DOCUMENT_LIMITS.initialMaxTotalBytes / MB,
      }),
    );
  }
  return [
    ...errors,
    ...duplicateKindErrors(files.map((file) => file.kind)),
    ...unsupportedTypeErrors(files),
    ...duplicateNameErrors(files, []),
  ];
}

function additionalLimitErrors(
  existing: readonly HeldDocument[],
  batch: readonly CheckedFile[],
): DocumentError[] {
  const additional = existing.filter((document) => document.kind === 'additional');
  const errors: DocumentError[] = [];
  if (existing.length + batch.length > DOCUMENT_LIMITS.claimMaxCount) {
    // The plain message pointing to the claims team wins over the count of additional documents.
    errors.push(
      documentsError('documents.claimLimitReached', { max: DOCUMENT_LIMITS.claimMaxCount }),
    );
  } else if (additional.length + batch.length > DOCUMENT_LIMITS.additionalMaxCount) {
    errors.push(
      documentsError('documents.tooManyAdditional', {
        max: DOCUMENT_LIMITS.additionalMaxCount,
        remaining: DOCUMENT_LIMITS.additionalMaxCount - additional.length,
      }),
    );
  }
  if (totalSize(batch) > DOCUMENT_LIMITS.additionalMaxBatchBytes) {
    errors.push(
      documentsError('documents.batchTooLarge', {
        maxMb: DOCUMENT_LIMITS.additionalMaxBatchBytes / MB,
      }),
    );
  } else if (totalSize(additional) + totalSize(batch) > DOCUMENT_LIMITS.additionalMaxTotalBytes) {
    errors.push(
      documentsError('documents.additionalTotalTooLarge', {
        maxMb: DOCUMENT_LIMITS.additionalMaxTotalBytes / MB,
      }),
    );
  }
  return errors;
}

/** A batch of additional documents for a claim that already holds `existing`. */
export function additionalDocumentErrors(
  existing: readonly HeldDocument[],
  batch: readonly CheckedFile[],
): FieldError[] {
  if (batch.length === 0) return [documentsError('documents.noneSelected')];
  return [
    ...additionalLimitErrors(existing, batch),
    ...unsupportedTypeErrors(batch),
    ...duplicateNameErrors(batch, existing),
  ];
}

/** A decision letter: a PDF by its bytes, at most 4 MB. */
export function decisionLetterErrors(letter: CheckedFile): FieldError[] {
  const errors: (FieldError & { readonly code: DecisionLetterMessageCode })[] = [];
  if (letter.contentType !== DECISION_LETTER_LIMITS.contentType) {
    errors.push({ field: 'decisionLetter', code: 'decisionLetter.notPdf' });
  }
  if (letter.size > DECISION_LETTER_LIMITS.maxBytes) {
    errors.push({ field: 'decisionLetter', code: 'decisionLetter.tooLarge' });
  }
  return errors;
}
