import type { DocumentRef } from '@contracts/claims/documents';
import {
  type ClaimDocumentViewed,
  DOCUMENT_VIEW_EVENT_SCHEMA_VERSIONS,
  type DocumentCopy,
  documentViewsStreamId,
  upcastDocumentViewEvent,
  type ViewedKind,
} from '@contracts/claims/document-view-events';
import { NotFoundError } from '@contracts/errors';
import type { RecordedEvent } from '@contracts/event-store';
import type { StaffRole } from '@contracts/principals';
import { type CommandContext, toNewEvents } from '../shared/command-context';
import { derivedCommandId } from '../shared/event-ids';
import type { Claim } from './claim';
import { readCopy, type SealedDocument } from './document-copies';
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

/** Who opened it, in which role, and which copy they were served (decisions 060 and 127). */
export interface Viewing {
  readonly copy: DocumentCopy;
  readonly role: StaffRole;
}

/** Opening one of the claim's documents or its letter records who opened which copy. */
export function documentViewed(
  document: SealedDocument,
  contentType: string,
  viewing: Viewing,
): ClaimDocumentViewed {
  const { submissionId, sha256, fileName, kind } = document;
  return {
    type: 'ClaimDocumentViewed',
    data: { submissionId, documentId: sha256, fileName, kind, contentType, ...viewing },
  };
}

export const sealedDocument = (submissionId: string, document: DocumentRef): SealedDocument => ({
  submissionId,
  fileName: document.fileName,
  kind: document.kind,
  key: document.key,
  sha256: document.sha256,
  ...(document.rendition ? { rendition: document.rendition } : {}),
});

/**
 * Records a staff member's opening, once per opening: the command id names one opening, so
 * asked again with it (the browser fetching the frame twice), the same person's view of the
 * same copy is recorded once.
 */
export async function recordView(
  ports: ClaimPorts,
  view: ClaimDocumentViewed,
  context: CommandContext,
): Promise<void> {
  const { documentId, copy, submissionId } = view.data;
  // Keyed by who, which document and copy too: one person's opening never hides another's.
  const seed = derivedCommandId(
    context.commandId,
    `view:${context.actor.id}:${documentId}:${copy}`,
  );
  await ports.eventStore.append(
    documentViewsStreamId(submissionId),
    toNewEvents([view], context, DOCUMENT_VIEW_EVENT_SCHEMA_VERSIONS, seed),
    { expectedRevision: 'any' },
  );
}

/**
 * Staff open a claim's document: the rendition to view, the sealed original to download,
 * each checked against its recorded sha256 (decision 127), once the view is recorded. A view
 * that cannot be recorded is refused (an unrecorded look is what the audit must not have).
 */
export async function viewClaimDocument(
  ports: ClaimPorts,
  input: { readonly submissionId: string; readonly documentId: string } & Viewing,
  context: CommandContext,
): Promise<ViewedDocument> {
  const { submissionId, documentId, copy, role } = input;
  const state = await loadClaim(ports.eventStore, submissionId);
  const sealed = sealedDocument(submissionId, claimDocument(state, submissionId, documentId));
  const served = await readCopy(ports, sealed, copy, context);
  await recordView(ports, documentViewed(sealed, served.contentType, { copy, role }), context);
  return { fileName: sealed.fileName, contentType: served.contentType, bytes: served.bytes };
}

/** One recorded view or refused read, as the Audit tab lists it. */
export interface DocumentView {
  readonly at: string;
  readonly by: { readonly kind: string; readonly id: string; readonly email?: string };
  readonly event: 'viewed' | 'refused';
  readonly documentId: string;
  readonly fileName: string;
  readonly kind: ViewedKind;
  readonly copy: DocumentCopy;
  /** The viewer's role; absent from views recorded before roles were (decision 127). */
  readonly role?: StaffRole;
}

/** A recorded view as the Audit tab lists it: who and when from its metadata. */
export function toDocumentView(event: RecordedEvent): DocumentView {
  const { type, data } = upcastDocumentViewEvent(event);
  const { kind, id, email } = event.metadata.actor;
  return {
    at: event.metadata.occurredAt,
    by: { kind, id, ...(email ? { email } : {}) },
    event: type === 'ClaimDocumentViewed' ? 'viewed' : 'refused',
    documentId: data.documentId,
    fileName: data.fileName,
    kind: data.kind,
    copy: data.copy,
    ...(type === 'ClaimDocumentViewed' && data.role ? { role: data.role } : {}),
  };
}
