import { describe, expect, it } from 'vitest';
import { buildPdf, pdfStream } from '@contracts/documents/testing/hostile-documents';
import { judgeDocument } from './judge-document';

/**
 * A page tree `levels` deep with one kid per level: no node is reached twice, so only the
 * depth cap (16) can refuse it. The page-tree bombs share their kids, and the repeat check
 * stops them first.
 */
function chainPdf(levels: number): Buffer {
  const objects: (string | Buffer)[] = ['<< /Type /Catalog /Pages 2 0 R >>'];
  for (let level = 0; level < levels; level += 1) {
    const self = level + 2;
    const parent = level === 0 ? '' : `/Parent ${self - 1} 0 R `;
    objects.push(`<< /Type /Pages ${parent}/Kids [${self + 1} 0 R] /Count 1 >>`);
  }
  const leaf = levels + 2;
  objects.push(
    `<< /Type /Page /Parent ${leaf - 1} 0 R /MediaBox [0 0 612 792] /Contents ${leaf + 1} 0 R >>`,
  );
  objects.push(pdfStream('', Buffer.from('BT ET', 'latin1')));
  return buildPdf(objects);
}

describe('the page-tree caps of the document policy (decision 049)', () => {
  it('refuses a page tree deeper than the cap even when no node repeats', async () => {
    expect(await judgeDocument(chainPdf(16))).toEqual({
      contentType: undefined,
      refusal: 'tooComplex',
    });
    expect(await judgeDocument(chainPdf(40))).toEqual({
      contentType: undefined,
      refusal: 'tooComplex',
    });
  });

  it('keeps a page tree just under the depth cap', async () => {
    expect(await judgeDocument(chainPdf(15))).toEqual({ contentType: 'application/pdf' });
  });
});
