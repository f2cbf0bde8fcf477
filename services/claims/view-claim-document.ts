import type { DocumentRef } from '@contracts/claims/documents';
import {
  type ClaimDocumentViewed,
  DOCUMENT_VIEW_EVENT_SCHEMA_VERSIONS,
  documentViewsStreamId,
  upcastDocumentViewEvent,
} from '@contracts/claims/document-view-events';
import { NotFoundError } from '@contracts/errors';
import type { RecordedEvent } from '@contracts/event-store';
import { type CommandContext, toNewEvents } from '../shared/command-context';
import { derivedCommandId } from '../shared/event-ids';
import type { Claim } from './claim';
import { loadClaim } from './load-claim';
import { existingClaim } from './own-claim';
import type { ClaimPorts } from './ports';

/** A claim document as a staff member's viewer receives it. */
export interface ViewedDocument {
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

/** The claim's document with that id; another claim's document, or none, is not found. */
export function claimDocument(state: Claim, submissionId: string, documentId: string): DocumentRef {
  const claim = existingClaim(state, submissionId);
  const document = claim.documents.find((candidate) => candidate.sha256 === documentId);
  if (!document) throw new NotFoundError(`Claim ${submissionId} has no document ${documentId}`);
  return document;
}

/** Opening one of the claim's documents records who opened which one (decision 060). */
export function documentViewed(submissionId: string, document: DocumentRef): ClaimDocumentViewed {
  const { sha256, fileName, kind, contentType } = document;
  return {
    type: 'ClaimDocumentViewed',
    data: { submissionId, documentId: sha256, fileName, kind, contentType },
  };
}

/**
 * Staff open a claim's document: its bytes, once the view is recorded. A view that cannot be
 * recorded is refused (an unrecorded look is what the audit must not have). The command id
 * names one opening: asked again with it (the browser fetching the frame twice), the same
 * person's view of the same document is recorded once.
 */
export async function viewClaimDocument(
  ports: ClaimPorts,
  input: { readonly submissionId: string; readonly documentId: string },
  context: CommandContext,
): Promise<ViewedDocument> {
  const { submissionId, documentId } = input;
  const state = await loadClaim(ports.eventStore, submissionId);
  const document = claimDocument(state, submissionId, documentId);
  const object = await ports.documents.get(document.key);
  if (!object)
    throw new NotFoundError(`Document ${documentId} of claim ${submissionId} is missing`);
  // Keyed by who and which document too: one person's opening never hides another's.
  const seed = derivedCommandId(context.commandId, `view:${context.actor.id}:${documentId}`);
  await ports.eventStore.append(
    documentViewsStreamId(submissionId),
    toNewEvents(
      [documentViewed(submissionId, document)],
      context,
      DOCUMENT_VIEW_EVENT_SCHEMA_VERSIONS,
      seed,
    ),
    { expectedRevision: 'any' },
  );
  return { fileName: document.fileName, contentType: object.contentType, bytes: object.bytes };
}

/** One recorded view, as the Audit tab lists it. */
export interface DocumentView {
  readonly at: string;
  readonly by: { readonly kind: string; readonly id: string; readonly email?: string };
  readonly documentId: string;
  readonly fileName: string;
  readonly kind: string;
}

/** A recorded view as the Audit tab lists it: who and when from its metadata. */
export function toDocumentView(event: RecordedEvent): DocumentView {
  const { data } = upcastDocumentViewEvent(event);
  const { kind, id, email } = event.metadata.actor;
  return {
    at: event.metadata.occurredAt,
    by: { kind, id, ...(email ? { email } : {}) },
    documentId: data.documentId,
    fileName: data.fileName,
    kind: data.kind,
  };
}
