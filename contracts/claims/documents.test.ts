import { describe, expect, it } from 'vitest';
import {
  claimDocumentsNamespace,
  claimObjectKey,
  renditionRef,
  sameFileName,
  sizeInKb,
} from './documents';

describe('where a claim’s documents are stored', () => {
  it('in the claim’s own namespace, by the sha256 of their bytes, renditions too', () => {
    expect(claimDocumentsNamespace('s-1')).toBe('claims/s-1');
    expect(claimObjectKey('s-1', 'ab12')).toBe('claims/s-1/ab12');
    expect(
      renditionRef('s-1', { sha256: 'cd34', size: 10, contentType: 'application/pdf' }),
    ).toEqual({
      key: 'claims/s-1/cd34',
      sha256: 'cd34',
      size: 10,
      contentType: 'application/pdf',
    });
  });
});

describe('file names compared as a customer sees them', () => {
  it('fold letter case fully: ß is SS, a final sigma is a sigma', () => {
    expect(sameFileName('straße.pdf', 'STRASSE.PDF')).toBe(true);
    expect(sameFileName('λόγος.pdf', 'ΛΌΓΟΣ.pdf')).toBe(true);
    expect(sameFileName('a.pdf', 'b.pdf')).toBe(false);
  });

  it('fold compatibility forms before trimming: a spacing accent is a space and its accent', () => {
    expect(sameFileName('\u00b4a.pdf', '\u0301a.pdf')).toBe(true);
  });
});

describe('sizes in kB', () => {
  it('round up to the next kilobyte', () => {
    expect(sizeInKb(0)).toBe(0);
    expect(sizeInKb(1)).toBe(1);
    expect(sizeInKb(1024)).toBe(1);
    expect(sizeInKb(1025)).toBe(2);
  });
});
