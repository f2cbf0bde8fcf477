import * as mupdf from 'mupdf';
import { RENDITION_MAX_PAGES } from '@contracts/documents/document-inspector';

export interface PdfRenditionCaps {
  readonly maxPages: number;
  /** Rendering resolution; a page's longest side is capped in pixels as well. */
  readonly dpi: number;
  readonly maxSidePixels: number;
}

const DEFAULT_PDF_CAPS: PdfRenditionCaps = {
  maxPages: RENDITION_MAX_PAGES,
  dpi: 150,
  maxSidePixels: 2400,
};

export type PdfRendition =
  | { readonly ok: true; readonly pdf: Uint8Array; readonly pages: number }
  | { readonly ok: false; readonly reason: 'tooManyPages' | 'unreadable' };

/**
 * A new PDF made only of page images (JPEG): nothing of the original's objects (actions,
 * scripts, embedded files, forms, unknown streams) is carried over, because none is copied.
 * Not wired to a route yet (issue 45, part 2): the pool and the refusal codes come next.
 */
export function renderPdf(
  bytes: Uint8Array,
  caps: PdfRenditionCaps = DEFAULT_PDF_CAPS,
): PdfRendition {
  let source: mupdf.Document;
  try {
    source = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  try {
    const pages = source.countPages();
    if (pages > caps.maxPages) return { ok: false, reason: 'tooManyPages' };
    const out = new mupdf.PDFDocument();
    for (let index = 0; index < pages; index++)
      out.insertPage(-1, pageImage(out, source, index, caps));
    return { ok: true, pdf: out.saveToBuffer('compress').asUint8Array().slice(), pages };
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    source.destroy();
  }
}

function pageImage(
  out: mupdf.PDFDocument,
  source: mupdf.Document,
  index: number,
  caps: PdfRenditionCaps,
): mupdf.PDFObject {
  const page = source.loadPage(index);
  const [x0, y0, x1, y1] = page.getBounds();
  const width = x1 - x0;
  const height = y1 - y0;
  const scale = Math.min(caps.dpi / 72, caps.maxSidePixels / Math.max(width, height, 1));
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
  const image = new mupdf.Image(pixmap);
  const resources = out.addObject({ XObject: { I0: out.addImage(image) } });
  const contents = `q ${width} 0 0 ${height} 0 0 cm /I0 Do Q`;
  return out.addPage([0, 0, width, height], 0, resources, contents);
}
