import { describe, expect, it } from 'vitest';
import {
  activeContentPdfs,
  flateBomb,
  jpegDimensionBomb,
  onePagePdf,
  pageTreeBomb,
  pdfImageDimensionBomb,
  pngDimensionBomb,
  polyglotPdfs,
  scanlessJpeg,
  shortPixelsPng,
} from '@contracts/documents/testing/hostile-documents';
import { sampleJpeg, samplePdf, samplePng } from '@contracts/documents/testing/sample-documents';
import { judgeDocument } from './judge-document';

describe('the document policy (decision 049)', () => {
  it('keeps real PDFs, PNGs and JPEGs', async () => {
    expect(await judgeDocument(samplePdf('kept', 20_000))).toEqual({
      contentType: 'application/pdf',
    });
    expect(await judgeDocument(onePagePdf())).toEqual({ contentType: 'application/pdf' });
    expect(await judgeDocument(samplePng(64, 48))).toEqual({ contentType: 'image/png' });
    expect(await judgeDocument(sampleJpeg())).toEqual({ contentType: 'image/jpeg' });
  });

  it.each([20, 24, 28])('refuses a page-tree bomb of depth %i at once', async (depth) => {
    const started = performance.now();
    expect(await judgeDocument(pageTreeBomb(depth))).toEqual({
      contentType: undefined,
      refusal: 'tooComplex',
    });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('keeps a shallow page tree of two distinct pages', async () => {
    expect((await judgeDocument(pageTreeBomb(0))).contentType).toBe('application/pdf');
  });

  it('refuses an object stream that inflates past the cap, without inflating it all', async () => {
    expect(await judgeDocument(flateBomb())).toEqual({
      contentType: undefined,
      refusal: 'tooComplex',
    });
  });

  it('refuses a flate bomb the raw scan cannot see (its dictionary padded past the look-back): pdf-lib decodes under the cap', async () => {
    const padded = flateBomb(64 * 1024 * 1024, ' '.repeat(10_000));
    expect(await judgeDocument(padded)).toEqual({ contentType: undefined, refusal: 'tooComplex' });
  });

  it('refuses an LZW object stream (a filter the raw scan does not inflate)', async () => {
    expect(
      await judgeDocument(
        onePagePdf({
          more: [
            '<< /Type /ObjStm /N 1 /First 4 /Filter /LZWDecode /Length 3 >>\nstream\nabc\nendstream',
          ],
        }),
      ),
    ).toEqual({
      contentType: undefined,
      refusal: 'tooComplex',
    });
  });

  it.each(Object.entries(activeContentPdfs()))('refuses %s as active content', async (_, pdf) => {
    expect(await judgeDocument(pdf)).toEqual({ contentType: undefined, refusal: 'activeContent' });
  });

  it('keeps a PDF whose open action only shows its first page', async () => {
    const pdf = onePagePdf({ catalogExtra: '/OpenAction [3 0 R /Fit]' });
    expect((await judgeDocument(pdf)).contentType).toBe('application/pdf');
  });

  it.each(Object.entries(polyglotPdfs()))('refuses %s as a polyglot', async (_, pdf) => {
    expect(await judgeDocument(pdf)).toEqual({ contentType: undefined, refusal: 'polyglot' });
  });

  it('refuses images over 50 megapixels before decoding them', async () => {
    const tooMany = { contentType: undefined, refusal: 'tooManyPixels' };
    expect(await judgeDocument(pngDimensionBomb())).toEqual(tooMany);
    expect(await judgeDocument(jpegDimensionBomb())).toEqual(tooMany);
    expect(await judgeDocument(pdfImageDimensionBomb())).toEqual(tooMany);
    // 7072 × 7072 is exactly under the cap: it passes the cap and is judged by its pixels.
    expect((await judgeDocument(pngDimensionBomb(7072, 7070))).refusal).toBeUndefined();
  });

  it('refuses images that do not decode: a JPEG with no scan, a PNG short of pixels', async () => {
    expect(await judgeDocument(scanlessJpeg())).toEqual({ contentType: undefined });
    expect(await judgeDocument(shortPixelsPng())).toEqual({ contentType: undefined });
  });

  it('keeps a JPEG followed by more pictures (MPF), refuses one followed by anything else', async () => {
    const twoPictures = Buffer.concat([sampleJpeg(), sampleJpeg()]);
    expect(await judgeDocument(twoPictures)).toEqual({ contentType: 'image/jpeg' });
    const withHtml = Buffer.concat([sampleJpeg(), Buffer.from('<html><script>x</script>')]);
    expect(await judgeDocument(withHtml)).toEqual({ contentType: undefined, refusal: 'polyglot' });
  });

  it('refuses an image with another file after its end', async () => {
    const withZip = Buffer.concat([samplePng(8, 8), Buffer.from('PK\x03\x04 more', 'latin1')]);
    expect(await judgeDocument(withZip)).toEqual({ contentType: undefined, refusal: 'polyglot' });
  });
});
