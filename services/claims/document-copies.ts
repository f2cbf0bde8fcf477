import { createHash } from 'node:crypto';
import {
  DocumentIntegrityError,
  DocumentNotRenderableError,
} from '@contracts/claims/document-integrity';
import {
  type ClaimDocumentReadRefused,
  DOCUMENT_VIEW_EVENT_SCHEMA_VERSIONS,
  type DocumentCopy,
  documentViewsStreamId,
  type ViewedKind,
} from '@contracts/claims/document-view-events';
import type { RenditionRef } from '@contracts/claims/documents';
import { NotFoundError } from '@contracts/errors';
import { type CommandContext, toNewEvents } from '../shared/command-context';
import { derivedCommandId } from '../shared/event-ids';
import type { ClaimPorts } from './ports';

/**
 * A document or letter as its claim's events seal it: the original's key and sha256 and,
 * when it was stored after renditions existed, its rendition's.
 */
export interface SealedDocument {
  readonly submissionId: string;
  readonly fileName: string;
  readonly kind: ViewedKind;
  readonly key: string;
  /** The original's sha256 as the event records it: the document's id. */
  readonly sha256: string;
  readonly rendition?: RenditionRef;
}

/** Bytes served, with the type they were stored as. */
export interface ServedCopy {
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Reads one copy of a sealed document and checks it against the sha256 its event records
 * (decision 127). The rendition is what is shown; a document stored before renditions has
 * its original checked and drawn again through the inspection pool, under the same caps
 * (decision 126). Bytes that do not match are refused: the refusal is recorded in the
 * claim's views stream before the typed error is thrown.
 */
export async function readCopy(
  ports: ClaimPorts,
  document: SealedDocument,
  copy: DocumentCopy,
  context: CommandContext,
): Promise<ServedCopy> {
  if (copy === 'rendition' && document.rendition) {
    const { key, sha256 } = document.rendition;
    return readChecked(ports, document, { copy, key, sha256 }, context);
  }
  const original = await readChecked(
    ports,
    document,
    { copy: 'original', key: document.key, sha256: document.sha256 },
    context,
  );
  if (copy === 'original') return original;
  const [verdict] = await ports.inspector.inspect([original.bytes]);
  if (!verdict?.rendition) throw new DocumentNotRenderableError(document.sha256);
  return verdict.rendition;
}

async function readChecked(
  ports: ClaimPorts,
  document: SealedDocument,
  stored: { readonly copy: DocumentCopy; readonly key: string; readonly sha256: string },
  context: CommandContext,
): Promise<ServedCopy> {
  const object = await ports.documents.get(stored.key);
  if (!object) {
    throw new NotFoundError(
      `Document ${document.sha256} of claim ${document.submissionId} is missing`,
    );
  }
  const found = sha256Of(object.bytes);
  if (found === stored.sha256) return object;
  const refused: ClaimDocumentReadRefused['data'] = {
    submissionId: document.submissionId,
    documentId: document.sha256,
    fileName: document.fileName,
    kind: document.kind,
    copy: stored.copy,
    key: stored.key,
    expectedSha256: stored.sha256,
    foundSha256: found,
  };
  await recordRefusal(ports, refused, context);
  throw new DocumentIntegrityError(refused);
}

/** Recorded once per request and copy: a retried read of the same bad bytes adds nothing. */
async function recordRefusal(
  ports: ClaimPorts,
  refused: ClaimDocumentReadRefused['data'],
  context: CommandContext,
): Promise<void> {
  const seed = derivedCommandId(context.commandId, `refused:${refused.copy}:${refused.documentId}`);
  await ports.eventStore.append(
    documentViewsStreamId(refused.submissionId),
    toNewEvents(
      [{ type: 'ClaimDocumentReadRefused', data: refused }],
      context,
      DOCUMENT_VIEW_EVENT_SCHEMA_VERSIONS,
      seed,
    ),
    { expectedRevision: 'any' },
  );
}
