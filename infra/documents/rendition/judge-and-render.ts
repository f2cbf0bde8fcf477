import type { DocumentVerdict, Rendition } from '@contracts/documents/document-inspector';
import { judgeDocument } from '@services/claims/document-policy/judge-document';
import { renderImage } from './render-image';
import { renderPdf } from './render-pdf';

/**
 * The whole check of one file (decision 126): the policy first (cheap refusals, caps on what
 * a parser inflates), then the rendition, the only copy anyone will be shown. A file the
 * policy accepts but no rendition can be drawn from is refused, never kept as it came.
 * Costly on hostile input: the inspection pool runs it on a worker thread under its caps.
 */
export async function judgeAndRender(bytes: Uint8Array): Promise<DocumentVerdict> {
  const verdict = await judgeDocument(bytes);
  if (verdict.contentType === undefined) return verdict;
  if (verdict.contentType === 'application/pdf') {
    const rendition = await renderPdf(bytes);
    if (!rendition.ok) {
      const refusal = rendition.reason === 'tooManyPages' ? 'tooManyPages' : 'renditionFailed';
      return { contentType: undefined, refusal };
    }
    return accepted(verdict.contentType, { bytes: rendition.pdf, contentType: 'application/pdf' });
  }
  const image = await renderImage(bytes);
  if (!image.ok) return { contentType: undefined, refusal: 'renditionFailed' };
  return accepted(verdict.contentType, { bytes: image.bytes, contentType: image.contentType });
}

const accepted = (
  contentType: NonNullable<DocumentVerdict['contentType']>,
  rendition: Rendition,
): DocumentVerdict => ({ contentType, rendition });
