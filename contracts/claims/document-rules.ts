import { extensionMatchesType } from '../documents/detect-document-type';
import { IMAGE_MAX_PIXELS, RENDITION_MAX_PAGES } from '../documents/document-inspector';
import type { FieldError } from '../errors';
import {
  DECISION_LETTER_LIMITS,
  DOCUMENT_LIMITS,
  type DocumentRef,
  type InitialDocumentKind,
  type InspectedFile,
  hasBidiControls,
  SINGLE_DOCUMENT_KINDS,
  sameFileName,
  withoutInvisibles,
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
export type CheckedFile = Pick<InspectedFile, 'fileName' | 'size' | 'contentType' | 'refusal'>;
/** What the rules read of a document the claim already holds. */
export type HeldDocument = Pick<DocumentRef, 'fileName' | 'size' | 'kind'>;

/** A name shown inside a message: its direction controls left out, so the message reads right. */
const shownName = (fileName: string) =>
  withoutInvisibles(fileName).replace(/[\u202A-\u202E\u2066-\u2069]/g, '');

/** One error per file whose bytes or name are refused, saying why (decision 049). */
function fileErrors(file: CheckedFile): DocumentError | undefined {
  const name = shownName(file.fileName);
  if (hasBidiControls(file.fileName)) return documentsError('documents.nameHasControls', { name });
  switch (file.refusal) {
    case 'activeContent':
      return documentsError('documents.activeContent', { name });
    case 'polyglot':
      return documentsError('documents.polyglot', { name });
    case 'tooComplex':
      return documentsError('documents.tooComplex', { name });
    case 'notCheckedInTime':
      return documentsError('documents.notCheckedInTime', { name });
    case 'tooManyPages':
      return documentsError('documents.tooManyPages', { name, maxPages: RENDITION_MAX_PAGES });
    case 'renditionFailed':
      return documentsError('documents.renditionFailed', { name });
    case 'tooManyPixels':
      return documentsError('documents.tooManyPixels', {
        name,
        maxMegapixels: IMAGE_MAX_PIXELS / 1_000_000,
      });
    case undefined:
      break;
    default: {
      const unreachable: never = file.refusal;
      return unreachable;
    }
  }
  if (file.contentType === undefined || !extensionMatchesType(file.fileName, file.contentType)) {
    return documentsError('documents.unsupportedType', { name });
  }
  return undefined;
}

function unsupportedTypeErrors(files: readonly CheckedFile[]): DocumentError[] {
  return files.map(fileErrors).filter((error) => error !== undefined);
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

/** What sorting files chosen together gives: the ones to keep, and why each other was left out. */
export interface SortedChoice<T extends CheckedFile> {
  readonly accepted: readonly T[];
  readonly errors: readonly FieldError[];
}

/**
 * Files chosen together, checked one by one against their own bytes and name and against the
 * names already held: a refused file leaves the good ones of its batch in place (issue 28).
 */
export function sortChosenFiles<T extends CheckedFile>(
  chosen: readonly T[],
  held: readonly { readonly fileName: string }[],
): SortedChoice<T> {
  const accepted: T[] = [];
  const errors: DocumentError[] = [];
  for (const file of chosen) {
    const error = fileErrors(file) ?? duplicateNameErrors([file], [...held, ...accepted])[0];
    if (error) errors.push(error);
    else accepted.push(file);
  }
  return { accepted, errors };
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

type LetterError = FieldError & { readonly code: DecisionLetterMessageCode };

/** A letter follows the customers' rules: a PDF by its bytes and by its name, nothing hidden. */
function letterFileError(letter: CheckedFile): LetterError | undefined {
  const error = (code: DecisionLetterMessageCode): LetterError => ({
    field: 'decisionLetter',
    code,
  });
  if (hasBidiControls(letter.fileName)) return error('decisionLetter.nameHasControls');
  if (letter.refusal === 'activeContent') return error('decisionLetter.activeContent');
  if (letter.refusal === 'polyglot') return error('decisionLetter.polyglot');
  if (letter.refusal === 'tooComplex') return error('decisionLetter.tooComplex');
  if (letter.refusal === 'notCheckedInTime') return error('decisionLetter.notCheckedInTime');
  if (letter.refusal === 'tooManyPages') return error('decisionLetter.tooManyPages');
  if (letter.refusal === 'renditionFailed') return error('decisionLetter.renditionFailed');
  const isPdf =
    letter.contentType === DECISION_LETTER_LIMITS.contentType &&
    extensionMatchesType(letter.fileName, DECISION_LETTER_LIMITS.contentType);
  return isPdf ? undefined : error('decisionLetter.notPdf');
}

/** A decision letter: a PDF by its bytes and its `.pdf` name, at most 4 MB. */
export function decisionLetterErrors(letter: CheckedFile): FieldError[] {
  const errors: LetterError[] = [];
  const fileError = letterFileError(letter);
  if (fileError) errors.push(fileError);
  if (letter.size > DECISION_LETTER_LIMITS.maxBytes) {
    errors.push({ field: 'decisionLetter', code: 'decisionLetter.tooLarge' });
  }
  return errors;
}
