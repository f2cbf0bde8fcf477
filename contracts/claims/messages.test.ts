import { describe, expect, it } from 'vitest';
import {
  CLAIM_MESSAGES,
  CUSTOMER_DOCUMENT_MESSAGES,
  claimMessage,
  DECISION_LETTER_MESSAGES,
  isClaimMessageCode,
  STAFF_CLAIM_MESSAGES,
} from './messages';

describe('claim message catalogue', () => {
  it('words every code in English, and every customer code in French too', () => {
    for (const message of Object.values(CLAIM_MESSAGES)) expect(message.en).not.toBe('');
    for (const message of Object.values(CUSTOMER_DOCUMENT_MESSAGES)) {
      expect(message.fr).not.toBe('');
      expect(message.fr).not.toBe(message.en);
    }
  });

  it('uses stable `field.rule` codes', () => {
    const codes = Object.keys({
      ...STAFF_CLAIM_MESSAGES,
      ...DECISION_LETTER_MESSAGES,
      ...CUSTOMER_DOCUMENT_MESSAGES,
    });
    for (const code of codes) expect(code).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
  });

  it('fills placeholders, and falls back to English where a staff message has no French', () => {
    expect(claimMessage('documents.unsupportedType', 'en', { name: 'a.exe' })).toBe(
      'File "a.exe" is not a supported file type. Only PDF, JPG, and PNG files are allowed.',
    );
    expect(claimMessage('claimNumber.taken', 'fr')).toBe('Claim number already exists');
    expect(claimMessage('documents.duplicateKind', 'en', { kind: 'physician' })).toBe(
      'Please attach only one physician statement.',
    );
  });
});

describe('a claim message in the reader’s language', () => {
  it('is English unless another language is asked for, its document kind too', () => {
    expect(claimMessage('documents.duplicateKind', undefined, { kind: 'claim' })).toBe(
      'Please attach only one claim form.',
    );
    expect(claimMessage('documents.duplicateKind', 'fr', { kind: 'employer' })).toBe(
      'Veuillez joindre un seul document : déclaration de l’employeur.',
    );
    expect(claimMessage('documents.duplicateKind', 'cn', { kind: 'supporting' })).toBe(
      '请只附上一份证明文件。',
    );
  });

  it('keeps a placeholder it was given no value for, and names a kind it has no label for as given', () => {
    expect(claimMessage('documents.duplicateKind', 'en')).toBe('Please attach only one {kind}.');
    expect(claimMessage('documents.duplicateKind', 'en', { kind: 'x-ray' })).toBe(
      'Please attach only one x-ray.',
    );
    expect(claimMessage('documents.unsupportedType', 'en', { name: 'claim' })).toContain(
      'File "claim" is not',
    );
  });

  it('knows its own codes, and no other', () => {
    expect(isClaimMessageCode('documents.duplicateKind')).toBe(true);
    expect(isClaimMessageCode('toString')).toBe(false);
    expect(isClaimMessageCode('documents.nothing')).toBe(false);
  });
});
