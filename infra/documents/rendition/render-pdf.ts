import * as mupdf from 'mupdf';
import sharp from 'sharp';
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

/** Page images are baseline JPEGs: a scan's page in tens of KB, text still crisp at 150 dpi. */
const PAGE_JPEG_QUALITY = 80;

export type PdfRendition =
  | { readonly ok: true; readonly pdf: Uint8Array; readonly pages: number }
  | { readonly ok: false; readonly reason: 'tooManyPages' | 'unreadable' };

/**
 * A new PDF made only of page images (JPEG): nothing of the original's objects (actions,
 * scripts, embedded files, forms, unknown streams) is carried over, because none is copied.
 * MuPDF draws each page; libvips (sharp) encodes it, natively: MuPDF's own WebAssembly
 * encoders took 0.4 s (JPEG) to 1 s (Flate) a scanned page, sharp takes about 35 ms.
 */
export async function renderPdf(
  bytes: Uint8Array,
  caps: PdfRenditionCaps = DEFAULT_PDF_CAPS,
): Promise<PdfRendition> {
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
      out.insertPage(-1, await pageImage(out, source, index, caps));
    return { ok: true, pdf: out.saveToBuffer('compress').asUint8Array().slice(), pages };
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    source.destroy();
  }
}

async function pageImage(
  out: mupdf.PDFDocument,
  source: mupdf.Document,
  index: number,
  caps: PdfRenditionCaps,
): Promise<mupdf.PDFObject> {
  const page = source.loadPage(index);
  const [x0, y0, x1, y1] = page.getBounds();
  const width = x1 - x0;
  const height = y1 - y0;
  const scale = Math.min(caps.dpi / 72, caps.maxSidePixels / Math.max(width, height, 1));
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
  const jpeg = await encodeJpeg(pixmap);
  pixmap.destroy();
  page.destroy();
  const image = new mupdf.Image(jpeg);
  const resources = out.addObject({ XObject: { I0: out.addImage(image) } });
  const contents = `q ${width} 0 0 ${height} 0 0 cm /I0 Do Q`;
  return out.addPage([0, 0, width, height], 0, resources, contents);
}

/** The pixmap's RGB rows, packed (a stride may pad them), as a baseline JPEG. */
async function encodeJpeg(pixmap: mupdf.Pixmap): Promise<Buffer> {
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const samples = pixmap.getPixels();
  const row = width * 3;
  let packed = Buffer.from(samples.buffer, samples.byteOffset, row * height);
  if (stride !== row) {
    packed = Buffer.alloc(row * height);
    for (let y = 0; y < height; y++)
      packed.set(samples.subarray(y * stride, y * stride + row), y * row);
  } else {
    packed = Buffer.from(packed); // out of the WebAssembly memory, which the next page may move
  }
  return sharp(packed, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: PAGE_JPEG_QUALITY, progressive: false })
    .toBuffer();
}
