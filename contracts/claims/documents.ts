import type { AcceptedDocumentType } from '../documents/detect-document-type';

/** Claim documents: kinds and the limits of customer spec §5 and §9. */

export const INITIAL_DOCUMENT_KINDS = ['claim', 'employer', 'physician', 'supporting'] as const;
export type InitialDocumentKind = (typeof INITIAL_DOCUMENT_KINDS)[number];
export type DocumentKind = InitialDocumentKind | 'additional';

/** The claim form holds one claim, employer and physician document each; supporting ones are a list. */
export const SINGLE_DOCUMENT_KINDS: readonly InitialDocumentKind[] = [
  'claim',
  'employer',
  'physician',
];

const MB = 1024 * 1024;

export const DOCUMENT_LIMITS = {
  initialMaxCount: 5,
  initialMaxTotalBytes: 4 * MB,
  additionalMaxCount: 10,
  additionalMaxBatchBytes: 4 * MB,
  additionalMaxTotalBytes: 16 * MB,
  claimMaxCount: 15,
} as const;

export const DECISION_LETTER_LIMITS = {
  maxBytes: 4 * MB,
  contentType: 'application/pdf',
} as const;

/** A stored document as the claim references it. */
export interface DocumentRef {
  readonly key: string;
  readonly fileName: string;
  readonly size: number;
  readonly sha256: string;
  readonly contentType: AcceptedDocumentType;
  readonly kind: DocumentKind;
}

/**
 * A file after the server looked at it, before it is stored: `contentType` is what its
 * bytes are (undefined when they are none of the accepted types), never what it claims.
 */
export interface InspectedFile {
  readonly fileName: string;
  readonly size: number;
  readonly sha256: string;
  readonly contentType: AcceptedDocumentType | undefined;
}

/** Every object of a claim lives in the claim's own namespace of the document storage. */
export const claimDocumentsNamespace = (submissionId: string) => `claims/${submissionId}`;

/** The storage is content-addressed (`{namespace}/{sha256}`), so a key is known before storing. */
export const claimObjectKey = (submissionId: string, sha256: string) =>
  `${claimDocumentsNamespace(submissionId)}/${sha256}`;

/** Names are compared as a customer sees them: trimmed, letter case ignored. */
export const sameFileName = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

export const sizeInKb = (bytes: number) => Math.ceil(bytes / 1024);
