import type { AcceptedDocumentType } from '../documents/detect-document-type';
import type { DocumentRefusal } from '../documents/document-inspector';

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

/** A rendition's bytes as the inspector measured them, before it is stored. */
export interface RenditionFile {
  readonly sha256: string;
  readonly size: number;
  readonly contentType: AcceptedDocumentType;
}

/** The stored rendition of a document (decision 126): the only copy shown, sealed by its hash. */
export interface RenditionRef extends RenditionFile {
  readonly key: string;
}

/**
 * A stored document as the claim references it. `rendition` is absent from events written
 * before renditions existed (decision 126): such a document is rendered when it is read.
 */
export interface DocumentRef {
  readonly key: string;
  readonly fileName: string;
  readonly size: number;
  readonly sha256: string;
  readonly contentType: AcceptedDocumentType;
  readonly kind: DocumentKind;
  readonly rendition?: RenditionRef;
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
  /** Why a file that looked like an accepted type was refused, when it was. */
  readonly refusal?: DocumentRefusal;
  /** The safe copy of an accepted file (decision 126). */
  readonly rendition?: RenditionFile;
}

/** The rendition's place in the claim's namespace, beside the original. */
export const renditionRef = (submissionId: string, rendition: RenditionFile): RenditionRef => ({
  key: claimObjectKey(submissionId, rendition.sha256),
  sha256: rendition.sha256,
  size: rendition.size,
  contentType: rendition.contentType,
});

/** Every object of a claim lives in the claim's own namespace of the document storage. */
export const claimDocumentsNamespace = (submissionId: string) => `claims/${submissionId}`;

/** The storage is content-addressed (`{namespace}/{sha256}`), so a key is known before storing. */
export const claimObjectKey = (submissionId: string, sha256: string) =>
  `${claimDocumentsNamespace(submissionId)}/${sha256}`;

/** Invisible characters that only hide or disguise a name: zero-width ones and direction marks. */
const INVISIBLE = /[\u200B-\u200F\u2060\u061C\uFEFF]/g;
/** Embeddings, overrides and isolates: they reorder what follows them (`fdp.exe` shown as `exe.pdf`). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** Whether a name holds characters that reorder how it reads; such names are refused. */
export const hasBidiControls = (name: string) => BIDI_CONTROLS.test(name);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A name without its invisible characters, in NFC, a lone surrogate replaced (jsonb refuses it). */
export const withoutInvisibles = (name: string) =>
  name.replace(LONE_SURROGATE, '\uFFFD').replace(INVISIBLE, '').normalize('NFC');

/**
 * The key two names are compared by: compatibility forms folded (full-width letters, ligatures),
 * invisible characters removed, letter case folded, so look-alike names count as one.
 */
export const fileNameKey = (name: string) =>
  withoutInvisibles(name).normalize('NFKC').trim().toUpperCase().toLowerCase().normalize('NFKC');

/** Names are compared as a customer sees them: look-alikes, letter case and spaces around ignored. */
export const sameFileName = (a: string, b: string) => fileNameKey(a) === fileNameKey(b);

export const sizeInKb = (bytes: number) => Math.ceil(bytes / 1024);
