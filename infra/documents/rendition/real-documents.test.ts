import { createHash } from 'node:crypto';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { realDocuments } from '@tests/support/documents/real-documents';
import { judgeAndRender } from './judge-and-render';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// Issue 45: every real file renders; a real document refused or kept as it came is a bug.
const documents = Object.entries(await realDocuments());

describe('every real document of the corpus renders (decision 126)', () => {
  it('holds the real documents of tests/fixtures/documents and those made on the spot', () => {
    expect(documents.length).toBeGreaterThanOrEqual(21);
    expect(documents.map(([name]) => name)).toContain('chromium-print.pdf');
  });

  it.each(documents)('accepts %s with a rendition that reads back', async (_, document) => {
    const verdict = await judgeAndRender(document.bytes);
    expect(verdict).toMatchObject({ contentType: document.contentType });
    const rendition = verdict.rendition;
    expect(rendition?.contentType).toMatch(
      document.contentType === 'application/pdf' ? /^application\/pdf$/ : /^image\/(png|jpeg)$/,
    );
    const bytes = rendition?.bytes ?? new Uint8Array();
    // A copy drawn anew, never the original passed through.
    expect(sha256(bytes)).not.toBe(sha256(document.bytes));
    if (rendition?.contentType === 'application/pdf') {
      const back = mupdf.Document.openDocument(bytes, 'application/pdf');
      expect(back.countPages()).toBeGreaterThan(0);
    } else {
      const { width, height } = await sharp(bytes).metadata();
      const original = await sharp(document.bytes).metadata();
      expect([width, height]).toEqual([original.width, original.height]);
    }
  });
});
