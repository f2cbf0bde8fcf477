import type { DecisionLetterFile } from '@services/claims/read-decision-letter';

/**
 * RFC 6266: an ASCII fallback name for old clients and the real, Unicode name as filename*
 * (RFC 5987), so "décision été.pdf" downloads as itself rather than as "d_cision__t_.pdf".
 */
export function contentDisposition(
  fileName: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const fallback = fileName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w.-]+/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A decision letter as a download. */
export function letterResponse(letter: DecisionLetterFile): Response {
  return new Response(letter.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': letter.contentType,
      'content-disposition': contentDisposition(letter.fileName),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
