import type { DocumentRef } from '@contracts/claims/documents';
import type { ViewedDocument } from '@services/claims/view-claim-document';
import { contentDisposition } from './pdf-response.server';

/**
 * A claim document shown in the staff viewer: its stored bytes with the type they were
 * stored as (checked at upload, never sniffed again), inline, kept by no cache. Its framing
 * and content policy come with every answer on its path (infra/http/security-headers.ts).
 */
export function documentResponse(document: ViewedDocument): Response {
  return new Response(document.bytes as Uint8Array<ArrayBuffer>, {
    headers: documentHeaders(document.fileName, document.contentType, document.bytes.byteLength),
  });
}

/** What a GET would answer, without the bytes. */
export function documentHeadResponse(document: DocumentRef): Response {
  return new Response(null, {
    headers: documentHeaders(document.fileName, document.contentType, document.size),
  });
}

function documentHeaders(fileName: string, contentType: string, size: number) {
  return {
    'content-type': contentType,
    'content-disposition': contentDisposition(fileName, 'inline'),
    'content-length': String(size),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  };
}
