import { DOCUMENT_ID } from '@contracts/claims/document-view-events';
import { ValidationError } from '@contracts/errors';
import { UUID_V7 } from './command-context.server';

/** The id of one opening (`?view=`, a UUID v7 the viewer makes): a frame cannot send headers. */
export function viewKey(url: URL): string | undefined {
  const key = url.searchParams.get('view')?.toLowerCase();
  if (key !== undefined && !UUID_V7.test(key)) {
    throw new ValidationError([{ field: 'view', code: 'invalidFormat' }]);
  }
  return key;
}

export function documentIdOf(params: Record<string, string | undefined>): string {
  const documentId = params.documentId ?? '';
  if (!DOCUMENT_ID.test(documentId)) {
    throw new ValidationError([{ field: 'documentId', code: 'invalidFormat' }]);
  }
  return documentId;
}
