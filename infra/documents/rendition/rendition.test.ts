import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  activeContentPdfs,
  jpegDimensionBomb,
  pngDimensionBomb,
  polyglotPdfs,
} from '@contracts/documents/testing/hostile-documents';
import { sampleJpeg, samplePdf, samplePng } from '@contracts/documents/testing/sample-documents';
import { renderImage } from './render-image';
import { renderPdf } from './render-pdf';

/** PNG chunk types in order, read from the bytes. */
function pngChunkTypes(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes);
  const types: string[] = [];
  for (let at = 8; at + 8 <= buffer.length; ) {
    const length = buffer.readUInt32BE(at);
    types.push(buffer.toString('ascii', at + 4, at + 8));
    at += 12 + length;
  }
  return types;
}

/** JPEG marker bytes (the byte after 0xFF) up to the start of scan. */
function jpegMarkers(bytes: Uint8Array): number[] {
  const buffer = Buffer.from(bytes);
  const markers: number[] = [];
  for (let at = 2; at + 4 <= buffer.length; ) {
    const marker = buffer[at + 1] as number;
    markers.push(marker);
    if (marker === 0xda) break;
    at += 2 + buffer.readUInt16BE(at + 2);
  }
  return markers;
}

const ACTIVE =
  /JavaScript|\/JS\b|OpenAction|\/AA\b|\/URI|Launch|EmbeddedFile|XFA|RichMedia|AcroForm/;

describe('renditions (decisions 108, 126 and 128)', () => {
  it('renders a PDF to an image-only PDF that reads back with its page count', async () => {
    const rendition = await renderPdf(samplePdf('a claim form', 20_000));
    expect(rendition.ok).toBe(true);
    if (!rendition.ok) return;
    const back = mupdf.Document.openDocument(rendition.pdf, 'application/pdf');
    expect(back.countPages()).toBe(rendition.pages);
    expect(Buffer.from(rendition.pdf).toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    // Each page a JPEG (encoded natively: decision 126), not a Flate-packed pixmap.
    expect(Buffer.from(rendition.pdf).toString('latin1')).toMatch(/\/Filter\s*\/DCTDecode/);
  });

  it.each(Object.entries(activeContentPdfs()))('carries nothing active of %s', async (_, bytes) => {
    const rendition = await renderPdf(bytes);
    if (!rendition.ok) return; // refused is as good
    expect(Buffer.from(rendition.pdf).toString('latin1')).not.toMatch(ACTIVE);
  });

  it.each(Object.entries(polyglotPdfs()))('keeps no second format of %s', async (_, bytes) => {
    const rendition = await renderPdf(bytes);
    if (!rendition.ok) return;
    const text = Buffer.from(rendition.pdf).toString('latin1');
    expect(text).not.toMatch(/<html|<svg|<script/i);
    expect(text).not.toContain(`PK${String.fromCharCode(3, 4)}`);
  });

  it('refuses a PDF over the page cap', async () => {
    expect(await renderPdf(samplePdf('x'), { maxPages: 0, dpi: 72, maxSidePixels: 100 })).toEqual({
      ok: false,
      reason: 'tooManyPages',
    });
  });

  it('re-encodes a PNG with its pixels only: no text chunk survives', async () => {
    const rendition = await renderImage(samplePng(64, 48, 120, 'marker-in-a-text-chunk'));
    expect(rendition.ok).toBe(true);
    if (!rendition.ok) return;
    expect(pngChunkTypes(rendition.bytes)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(await sharp(rendition.bytes).metadata()).toMatchObject({ width: 64, height: 48 });
    expect(Buffer.from(rendition.bytes).toString('latin1')).not.toContain('marker');
  });

  it('re-encodes a JPEG as baseline without the PDF its comment carried', async () => {
    const jpeg = sampleJpeg();
    const pdf = samplePdf('hidden');
    const comment = Buffer.alloc(4);
    comment.writeUInt16BE(0xfffe, 0);
    comment.writeUInt16BE(pdf.length + 2, 2);
    const carrier = Buffer.concat([jpeg.subarray(0, 2), comment, pdf, jpeg.subarray(2)]);
    const rendition = await renderImage(carrier);
    expect(rendition.ok).toBe(true);
    if (!rendition.ok) return;
    const markers = jpegMarkers(rendition.bytes);
    expect(markers).not.toContain(0xfe);
    expect(markers).not.toContain(0xc2);
    expect(Buffer.from(rendition.bytes).toString('latin1')).not.toContain('%PDF');
  });

  it("drops a photo's EXIF (its location with it)", async () => {
    const located = await sharp({
      create: { width: 32, height: 24, channels: 3, background: { r: 10, g: 120, b: 60 } },
    })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker', ImageDescription: 'home at 45.5N 73.6W' } })
      .toBuffer();
    expect(jpegMarkers(located)).toContain(0xe1);
    const rendition = await renderImage(located);
    expect(rendition.ok && jpegMarkers(rendition.bytes)).not.toContain(0xe1);
    expect(rendition.ok && Buffer.from(rendition.bytes).toString('latin1')).not.toContain('45.5N');
  });

  it('re-encodes a progressive JPEG as a baseline one', async () => {
    const progressive = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 90, g: 30, b: 200 } },
    })
      .jpeg({ progressive: true })
      .toBuffer();
    expect(jpegMarkers(progressive)).toContain(0xc2);
    const rendition = await renderImage(progressive);
    expect(rendition.ok && jpegMarkers(rendition.bytes)).toContain(0xc0);
    expect(rendition.ok && jpegMarkers(rendition.bytes)).not.toContain(0xc2);
  });

  it.each([
    ['png', pngDimensionBomb()],
    ['jpeg', jpegDimensionBomb()],
  ])('refuses a %s dimension bomb under the default pixel cap', async (_, bytes) => {
    expect(await renderImage(bytes)).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('refuses an image over the pixel cap', async () => {
    const rendition = await renderImage(samplePng(200, 200), {
      maxInputPixels: 100,
      maxSidePixels: 50,
    });
    expect(rendition).toEqual({ ok: false, reason: 'unreadable' });
  });
});
