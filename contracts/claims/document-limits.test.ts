import { describe, expect, it } from 'vitest';
import { DOCUMENT_REFUSALS } from '../documents/document-inspector';
import { additionalDocumentErrors, decisionLetterErrors } from './document-rules';
import { DECISION_LETTER_LIMITS, DOCUMENT_LIMITS } from './documents';

const MB = 1024 * 1024;
const codes = (errors: readonly { code: string }[]) => errors.map((error) => error.code);
const pdf = (fileName: string, size = 1000) => ({
  fileName,
  size,
  contentType: 'application/pdf' as const,
});
const held = (count: number, kind: 'claim' | 'additional' = 'claim', size = 10) =>
  Array.from({ length: count }, (_, index) => ({ fileName: `held-${index}.pdf`, size, kind }));

/** Issue 48: each document limit holds at its edge and refuses one past it. */
describe('document limits at their edges', () => {
  it('takes the batch that fills the claim to its maximum count, and refuses one more', () => {
    const existing = held(DOCUMENT_LIMITS.claimMaxCount - 1);
    expect(additionalDocumentErrors(existing, [pdf('last.pdf')])).toEqual([]);
    expect(codes(additionalDocumentErrors(existing, [pdf('a.pdf'), pdf('b.pdf')]))).toEqual([
      'documents.claimLimitReached',
    ]);
  });

  it('takes a batch of exactly the batch maximum, and refuses one byte more', () => {
    const half = DOCUMENT_LIMITS.additionalMaxBatchBytes / 2;
    expect(additionalDocumentErrors([], [pdf('a.pdf', half), pdf('b.pdf', half)])).toEqual([]);
    expect(
      codes(additionalDocumentErrors([], [pdf('a.pdf', half), pdf('b.pdf', half + 1)])),
    ).toEqual(['documents.batchTooLarge']);
  });

  it('takes additional documents that reach exactly the total maximum, and refuses one byte more', () => {
    const batch = DOCUMENT_LIMITS.additionalMaxBatchBytes;
    const before = DOCUMENT_LIMITS.additionalMaxTotalBytes - batch;
    const existing = [{ fileName: 'before.pdf', size: before, kind: 'additional' as const }];
    expect(additionalDocumentErrors(existing, [pdf('a.pdf', batch)])).toEqual([]);
    const over = [{ ...existing[0]!, size: before + 1 }];
    expect(codes(additionalDocumentErrors(over, [pdf('a.pdf', batch)]))).toEqual([
      'documents.additionalTotalTooLarge',
    ]);
  });

  it('takes a letter of exactly 4 MB, and refuses one byte more', () => {
    expect(DECISION_LETTER_LIMITS.maxBytes).toBe(4 * MB);
    expect(decisionLetterErrors(pdf('letter.pdf', 4 * MB))).toEqual([]);
    expect(codes(decisionLetterErrors(pdf('letter.pdf', 4 * MB + 1)))).toEqual([
      'decisionLetter.tooLarge',
    ]);
  });

  it('names each refusal of a letter by its own code', () => {
    for (const refusal of DOCUMENT_REFUSALS) {
      const letter = { ...pdf('letter.pdf'), refusal };
      if (refusal === 'tooManyPixels') continue;
      expect(codes(decisionLetterErrors(letter))).toEqual([`decisionLetter.${refusal}`]);
    }
  });
});
