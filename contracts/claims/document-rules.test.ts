import { describe, expect, it } from 'vitest';
import { DOCUMENT_REFUSALS } from '../documents/document-inspector';
import { additionalDocumentErrors, decisionLetterErrors, sortChosenFiles } from './document-rules';
import { claimMessage } from './messages';
import { fileNameKey, sameFileName } from './documents';

const pdf = (fileName: string, extra: object = {}) => ({
  fileName,
  size: 1000,
  contentType: 'application/pdf' as const,
  ...extra,
});
const codes = (errors: readonly { code: string }[]) => errors.map((error) => error.code);

describe('file names (decision 049)', () => {
  it('compares names after NFKC and case folding, without invisible characters', () => {
    expect(sameFileName('ＲＥＰＯＲＴ.pdf', 'report.pdf')).toBe(true);
    expect(sameFileName('re\u200Bport.pdf', 'report.pdf')).toBe(true);
    expect(sameFileName('Straße.pdf', 'STRASSE.PDF')).toBe(true);
    expect(sameFileName('re\u0301sume\u0301.pdf', 'résumé.pdf')).toBe(true);
    expect(sameFileName('report-1.pdf', 'report-2.pdf')).toBe(false);
    expect(fileNameKey('\ud800x.pdf')).toBe('\ufffdx.pdf');
  });

  it('refuses a look-alike of a document the claim holds as a duplicate', () => {
    const held = [{ fileName: 'report.pdf', size: 10, kind: 'additional' as const }];
    expect(codes(additionalDocumentErrors(held, [pdf('ｒｅｐｏｒｔ.pdf')]))).toEqual([
      'documents.duplicateName',
    ]);
  });

  it('given one name chosen three times, then it is reported once', () => {
    expect(additionalDocumentErrors([], [pdf('a.pdf'), pdf('A.pdf'), pdf('a.pdf')])).toEqual([
      { field: 'documents', code: 'documents.duplicateName', params: { name: 'A.pdf' } },
    ]);
  });

  it('gives the pixel limit of a refused image in megapixels', () => {
    const scan = pdf('scan.png', { contentType: undefined, refusal: 'tooManyPixels' });
    expect(additionalDocumentErrors([], [scan])).toEqual([
      {
        field: 'documents',
        code: 'documents.tooManyPixels',
        params: { name: 'scan.png', maxMegapixels: 50 },
      },
    ]);
  });

  it('refuses names with direction controls, showing the name without them', () => {
    const errors = additionalDocumentErrors([], [pdf('invoice\u202Egnp.pdf')]);
    expect(errors).toEqual([
      { field: 'documents', code: 'documents.nameHasControls', params: { name: 'invoicegnp.pdf' } },
    ]);
  });

  it('says why the bytes were refused, in every customer language', () => {
    for (const refusal of DOCUMENT_REFUSALS) {
      const [error] = additionalDocumentErrors(
        [],
        [pdf('a.pdf', { contentType: undefined, refusal })],
      );
      expect(error?.code).toBe(`documents.${refusal}`);
      for (const lang of ['en', 'fr', 'cn'] as const) {
        const text = claimMessage(error?.code as never, lang, error?.params);
        expect(text).toContain('a.pdf');
        expect(text).not.toMatch(/\{\w+\}/);
      }
    }
  });
});

describe('decision letters follow the customers’ name rules', () => {
  it.each(['evil.html', 'letter.exe', 'CON', 'letter\u202Efdp.exe', 'letter.pdf.exe'])(
    'refuses a PDF named %s',
    (name) => {
      expect(decisionLetterErrors(pdf(name)).length).toBeGreaterThan(0);
    },
  );

  it('keeps a PDF named .pdf in any letter case, and says why refused bytes were refused', () => {
    expect(decisionLetterErrors(pdf('Décision.PDF'))).toEqual([]);
    expect(
      codes(
        decisionLetterErrors(pdf('x.pdf', { contentType: undefined, refusal: 'activeContent' })),
      ),
    ).toEqual(['decisionLetter.activeContent']);
    expect(codes(decisionLetterErrors(pdf('x\u202Efdp.pdf')))).toEqual([
      'decisionLetter.nameHasControls',
    ]);
  });
});

describe('files chosen together (issue 28)', () => {
  it('keeps the good files and says why each other one was left out', () => {
    const webp = pdf('photo.webp', { contentType: undefined });
    const held = [{ fileName: 'held.pdf' }];
    const { accepted, errors } = sortChosenFiles(
      [pdf('a.pdf'), webp, pdf('HELD.pdf'), pdf('b.pdf'), pdf('a.pdf')],
      held,
    );
    expect(accepted.map((file) => file.fileName)).toEqual(['a.pdf', 'b.pdf']);
    expect(errors).toEqual([
      { field: 'documents', code: 'documents.unsupportedType', params: { name: 'photo.webp' } },
      { field: 'documents', code: 'documents.duplicateName', params: { name: 'HELD.pdf' } },
      { field: 'documents', code: 'documents.duplicateName', params: { name: 'a.pdf' } },
    ]);
  });
});
