import type { DocumentRef } from '@contracts/claims/documents';
import type { ViewedDocument } from '@services/claims/view-claim-document';
import { contentDisposition } from './pdf-response.server';

/**
 * A claim document shown in the staff viewer: its rendition's checked bytes with the type
 * they were stored as (checked at upload, never sniffed again), inline, kept by no cache; or
 * its sealed original, as an attachment only (decision 127). Its framing and content policy
 * come with every answer on its path (infra/http/security-headers.ts).
 */
export function documentResponse(
  document: ViewedDocument,
  disposition: 'inline' | 'attachment' = 'inline',
): Response {
  const { fileName, contentType, bytes } = document;
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: documentHeaders(fileName, contentType, bytes.byteLength, disposition),
  });
}

/** What a GET would answer, without the bytes: the rendition's type and length when it has one. */
export function documentHeadResponse(document: DocumentRef): Response {
  const shown = document.rendition ?? document;
  return new Response(null, {
    headers: documentHeaders(document.fileName, shown.contentType, shown.size, 'inline'),
  });
}

function documentHeaders(
  fileName: string,
  contentType: string,
  size: number,
  disposition: 'inline' | 'attachment',
) {
  return {
    'content-type': contentType,
    'content-disposition': contentDisposition(fileName, disposition),
    'content-length': String(size),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  };
}
