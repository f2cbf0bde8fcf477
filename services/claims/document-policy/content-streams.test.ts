import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { onePagePdf, pdfStream } from '@contracts/documents/testing/hostile-documents';
import { contentStreamsWithin } from './content-streams';

/** The parsed objects of a one-page PDF (its own content stream is 36 bytes) with more streams. */
async function contextWith(...streams: Buffer[]) {
  const document = await PDFDocument.load(onePagePdf({ more: streams }), {
    updateMetadata: false,
  });
  return document.context;
}

const PAGE_CONTENT = 36;
const zeros = (n: number) => Buffer.alloc(n);

describe('the cap on what a renderer inflates to draw the pages (decision 126)', () => {
  it('counts plain streams by their length, all streams together, up to the cap inclusive', async () => {
    const context = await contextWith(pdfStream('', zeros(100)), pdfStream('', zeros(50)));
    const total = PAGE_CONTENT + 150;
    expect(contentStreamsWithin(context, total)).toBe(true);
    expect(contentStreamsWithin(context, total - 1)).toBe(false);
  });

  it('counts a Flate stream by what it inflates to, not by its compressed size', async () => {
    const context = await contextWith(pdfStream('/Filter /FlateDecode', deflateSync(zeros(5_000))));
    expect(contentStreamsWithin(context, PAGE_CONTENT + 5_000)).toBe(true);
    expect(contentStreamsWithin(context, PAGE_CONTENT + 4_999)).toBe(false);
    // Stopped at what is left of the cap, and counted as over it.
    expect(contentStreamsWithin(context, PAGE_CONTENT + 1_000)).toBe(false);
  });

  it('counts what a truncated Flate stream holds, as a renderer reads it', async () => {
    const whole = deflateSync(Buffer.alloc(3_000, 0x41), { level: 0 });
    const context = await contextWith(pdfStream('/Filter /FlateDecode', whole.subarray(0, 1_000)));
    expect(contentStreamsWithin(context, PAGE_CONTENT + 900)).toBe(false);
  });

  it('counts other filters through their decoders', async () => {
    const hex = Buffer.from(`${'00'.repeat(400)}>`, 'latin1');
    const context = await contextWith(pdfStream('/Filter /ASCIIHexDecode', hex));
    expect(contentStreamsWithin(context, PAGE_CONTENT + 400)).toBe(true);
    expect(contentStreamsWithin(context, PAGE_CONTENT + 399)).toBe(false);
  });

  it('leaves images to the pixel cap, and counts nothing for Flate data that does not inflate', async () => {
    const image = pdfStream('/Type /XObject /Subtype /Image /Width 100 /Height 100', zeros(10_000));
    const broken = pdfStream('/Filter /FlateDecode', Buffer.from('not deflate at all'));
    const context = await contextWith(image, broken);
    expect(contentStreamsWithin(context, PAGE_CONTENT)).toBe(true);
  });

  it('counts a stream no decoder here can measure as over the cap: MuPDF may inflate it unbounded (decision 142)', async () => {
    for (const filter of ['/NoSuchDecode', '/JBIG2Decode']) {
      const context = await contextWith(pdfStream(`/Filter ${filter}`, zeros(10)));
      expect(contentStreamsWithin(context), filter).toBe(false);
    }
  });
});
