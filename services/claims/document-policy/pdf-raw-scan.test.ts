import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { onePagePdf, pdfStream } from '@contracts/documents/testing/hostile-documents';
import { judgeDocument } from './judge-document';

const KEPT = { contentType: 'application/pdf' };
const POLYGLOT = { contentType: undefined, refusal: 'polyglot' };

describe('the raw scan of a PDF (decision 049): what a reader would see outside streams', () => {
  it('ends a stream where its /Length says, so text that only looks like "endstream" inside it stays inside', async () => {
    const data = Buffer.from('BT (endstream /JavaScript) Tj ET', 'latin1');
    expect(await judgeDocument(onePagePdf({ more: [pdfStream('', data)] }))).toEqual(KEPT);
  });

  it.each([
    '<!doctype html>',
    '<HTML>',
    '<head>',
    '<body/>',
    '<script>',
    '<iframe src=x>',
    '<frameset>',
    '<svg>',
    '<object>',
    '<embed src=x>',
    '<meta charset=x>',
    '<link href=x>',
    '<style>',
    '<form>',
    '<img src=x>',
  ])('refuses a PDF that is also a web page with %s outside its streams', async (tag) => {
    expect(await judgeDocument(onePagePdf({ afterHeader: `%${tag}\n` }))).toEqual(POLYGLOT);
  });

  it('keeps a PDF whose text only begins like a tag, or whose compressed stream holds one', async () => {
    expect(await judgeDocument(onePagePdf({ afterHeader: '%<bodyguard> <imgs\n' }))).toEqual(KEPT);
    const compressed = pdfStream(
      '/Filter /FlateDecode',
      deflateSync(Buffer.from('<script>alert(1)</script>', 'latin1')),
    );
    expect(await judgeDocument(onePagePdf({ more: [compressed] }))).toEqual(KEPT);
    const plain = pdfStream('', Buffer.from('<script>alert(1)</script>', 'latin1'));
    expect(await judgeDocument(onePagePdf({ more: [plain] }))).toEqual(POLYGLOT);
  });

  it.each([
    ['a ZIP', 'PK\x03\x04rest'],
    ['an empty ZIP end', 'PK\x05\x06rest'],
    ['a Windows program', 'MZ rest'],
    ['an ELF program', '\x7fELF rest'],
    ['a PNG', '\x89PNG rest'],
    ['a JPEG', '\xff\xd8\xff rest'],
    ['a GIF', 'GIF89a rest'],
    ['PostScript', '%!PS rest'],
    ['gzip', '\x1f\x8b rest'],
    ['a RAR', 'Rar! rest'],
    ['a 7z', '7z\xbc\xaf rest'],
    ['markup', '<x>'],
  ])('refuses %s after the end of the PDF', async (_, tail) => {
    const pdf = onePagePdf({ afterEnd: Buffer.from(tail, 'latin1') });
    expect(await judgeDocument(pdf)).toEqual(POLYGLOT);
  });

  it('keeps a little of anything, or blank padding, after the end; refuses more than 1 KiB', async () => {
    for (const tail of ['\n\n  \0\0\n', 'some words', 'x'.repeat(1024)]) {
      const pdf = onePagePdf({ afterEnd: Buffer.from(tail, 'latin1') });
      expect(await judgeDocument(pdf), JSON.stringify(tail.slice(0, 12))).toEqual(KEPT);
    }
    const tooMuch = onePagePdf({ afterEnd: Buffer.from(`\n${'x'.repeat(1025)}\n`, 'latin1') });
    expect(await judgeDocument(tooMuch)).toEqual(POLYGLOT);
  });
});
