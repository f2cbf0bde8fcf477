import type { DecisionLetterFile } from '@services/claims/read-decision-letter';
import type { Lang } from '@site/i18n/i18n';

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

const LETTER_NAME: Readonly<Record<Lang, string>> = {
  en: 'decision-letter',
  fr: 'lettre-de-decision',
  cn: '决定函',
};

/**
 * The name the claimant's copy downloads under: theirs, in their language, with the
 * confirmation number they know (issue 28 finding 10), never the name staff filed it under.
 */
export function customerLetterName(confirmationNumber: string, lang: Lang): string {
  const safe = confirmationNumber.replace(/[^\w-]+/g, '');
  return `${LETTER_NAME[lang]}-${safe}.pdf`;
}

/** A decision letter as a download, under `fileName` when given, else the name it was filed under. */
export function letterResponse(letter: DecisionLetterFile, fileName = letter.fileName): Response {
  return new Response(letter.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': letter.contentType,
      'content-disposition': contentDisposition(fileName),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
