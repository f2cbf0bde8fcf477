import type { DecisionLetterFile } from '@services/claims/read-decision-letter';

/** A decision letter as a download; the file name is sanitised for the header. */
export function letterResponse(letter: DecisionLetterFile): Response {
  const safeName = letter.fileName.replace(/[^\w.-]+/g, '_');
  return new Response(letter.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': letter.contentType,
      'content-disposition': `attachment; filename="${safeName}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
