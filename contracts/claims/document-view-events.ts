import type { RecordedEvent } from '../event-store';
import type { DocumentKind } from './documents';

/**
 * Staff views of a claim's documents (decision 060): one stream per claim, beside the claim's
 * own, so recording a view never moves the claim's version a colleague's save is checked
 * against (decision 048).
 */
const DOCUMENT_VIEWS_STREAM_PREFIX = 'claim-document-views-';
export const documentViewsStreamId = (submissionId: string) =>
  `${DOCUMENT_VIEWS_STREAM_PREFIX}${submissionId}`;

/** A document's id in URLs: the SHA-256 of its bytes, as its storage key ends. */
export const DOCUMENT_ID = /^[0-9a-f]{64}$/;

/** Who viewed (the event's actor), when (its occurredAt) and which document (its data). */
export interface ClaimDocumentViewed {
  readonly type: 'ClaimDocumentViewed';
  readonly data: {
    readonly submissionId: string;
    readonly documentId: string;
    /** The name and kind as the claim held them then, so the record reads on its own. */
    readonly fileName: string;
    readonly kind: DocumentKind;
    readonly contentType: string;
  };
}

export type DocumentViewEvent = ClaimDocumentViewed;
export type DocumentViewEventType = DocumentViewEvent['type'];

export const DOCUMENT_VIEW_EVENT_SCHEMA_VERSIONS: Record<DocumentViewEventType, number> = {
  ClaimDocumentViewed: 1,
};

export function upcastDocumentViewEvent(event: RecordedEvent): DocumentViewEvent {
  const type = event.type as DocumentViewEventType;
  const current = DOCUMENT_VIEW_EVENT_SCHEMA_VERSIONS[type];
  if (current === undefined) throw new Error(`Not a document view event: ${event.type}`);
  if (event.metadata.schemaVersion > current) {
    throw new Error(`${event.type} v${event.metadata.schemaVersion} is newer than this code`);
  }
  return { type, data: event.data } as DocumentViewEvent;
}
