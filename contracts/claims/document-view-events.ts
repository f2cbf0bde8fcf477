import type { RecordedEvent } from '../event-store';
import type { StaffRole } from '../principals';
import type { DocumentKind } from './documents';

/**
 * Staff views of a claim's documents and decision letters (decisions 060 and 127): one stream
 * per claim, beside the claim's own, so recording a view never moves the claim's version a
 * colleague's save is checked against (decision 048). Reads refused because the stored bytes
 * no longer match their recorded sha256 are recorded here too, for the Audit tab.
 */
const DOCUMENT_VIEWS_STREAM_PREFIX = 'claim-document-views-';
export const documentViewsStreamId = (submissionId: string) =>
  `${DOCUMENT_VIEWS_STREAM_PREFIX}${submissionId}`;

/** A document's id in URLs: the SHA-256 of its bytes, as its storage key ends. */
export const DOCUMENT_ID = /^[0-9a-f]{64}$/;

/** What was served: the rendition (what viewing shows) or the sealed original (a download). */
export type DocumentCopy = 'rendition' | 'original';
/** A claim document's kind, or the claim's decision letter. */
export type ViewedKind = DocumentKind | 'decisionLetter';

/**
 * ClaimDocumentViewed, schema version 2: who viewed (the event's actor), when (its
 * occurredAt), which document and copy, and the viewer's role. Version 1 named no copy (the
 * original was all there was) and no role (an auditor's view read as a staff member's).
 */
export interface ClaimDocumentViewed {
  readonly type: 'ClaimDocumentViewed';
  readonly data: {
    readonly submissionId: string;
    readonly documentId: string;
    /** The name and kind as the claim held them then, so the record reads on its own. */
    readonly fileName: string;
    readonly kind: ViewedKind;
    readonly contentType: string;
    readonly copy: DocumentCopy;
    /** Absent from version 1 views: the role was not recorded then. */
    readonly role?: StaffRole;
  };
}

/** A read refused because the bytes at the key are not those the claim's events sealed. */
export interface ClaimDocumentReadRefused {
  readonly type: 'ClaimDocumentReadRefused';
  readonly data: {
    readonly submissionId: string;
    readonly documentId: string;
    readonly fileName: string;
    readonly kind: ViewedKind;
    readonly copy: DocumentCopy;
    readonly key: string;
    readonly expectedSha256: string;
    readonly foundSha256: string;
  };
}

export type DocumentViewEvent = ClaimDocumentViewed | ClaimDocumentReadRefused;
export type DocumentViewEventType = DocumentViewEvent['type'];

export const DOCUMENT_VIEW_EVENT_SCHEMA_VERSIONS: Record<DocumentViewEventType, number> = {
  ClaimDocumentViewed: 2,
  ClaimDocumentReadRefused: 1,
};

export function upcastDocumentViewEvent(event: RecordedEvent): DocumentViewEvent {
  const type = event.type as DocumentViewEventType;
  const current = DOCUMENT_VIEW_EVENT_SCHEMA_VERSIONS[type];
  if (current === undefined) throw new Error(`Not a document view event: ${event.type}`);
  if (event.metadata.schemaVersion > current) {
    throw new Error(`${event.type} v${event.metadata.schemaVersion} is newer than this code`);
  }
  const data = event.data as Record<string, unknown>;
  // Version 1 views were of the original: renditions did not exist yet (decision 127).
  if (type === 'ClaimDocumentViewed' && event.metadata.schemaVersion < 2) {
    return { type, data: { ...data, copy: 'original' } } as DocumentViewEvent;
  }
  return { type, data } as DocumentViewEvent;
}
