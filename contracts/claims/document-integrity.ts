import { ConflictError } from '../errors';
import type { ClaimDocumentReadRefused } from './document-view-events';

/**
 * A read refused because the bytes at a document's key are not those its events sealed
 * (decision 127): a 409 whose field error names the refusal in the reader's language.
 */
export class DocumentIntegrityError extends ConflictError {
  constructor(readonly refused: ClaimDocumentReadRefused['data']) {
    super(
      `Document ${refused.documentId} of claim ${refused.submissionId}: stored ${refused.copy} does not match its sha256`,
      [{ field: 'document', code: 'documents.integrityFailed' }],
    );
    this.name = 'DocumentIntegrityError';
  }
}

/** A 409 for a document stored before renditions whose rendition cannot be drawn now. */
export class DocumentNotRenderableError extends ConflictError {
  constructor(documentId: string) {
    super(`Document ${documentId}: no rendition could be drawn`, [
      { field: 'document', code: 'documents.cannotBeShown' },
    ]);
    this.name = 'DocumentNotRenderableError';
  }
}
