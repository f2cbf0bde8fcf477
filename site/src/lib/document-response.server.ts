import type { ViewedDocument } from '@services/claims/view-claim-document';
import { contentDisposition } from './pdf-response.server';

/**
 * A claim document shown in the staff viewer: its stored bytes with the type they were
 * stored as (checked at upload, never sniffed again), inline, kept by no cache. Its framing
 * and content policy come with every answer on its path (infra/http/security-headers.ts).
 */
export function documentResponse(document: ViewedDocument): Response {
  return new Response(document.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': document.contentType,
      'content-disposition': contentDisposition(document.fileName, 'inline'),
      'content-length': String(document.bytes.byteLength),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
