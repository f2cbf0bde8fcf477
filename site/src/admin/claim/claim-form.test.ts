import { describe, expect, it } from 'vitest';
import {
  acceptsAmountTyping,
  type ClaimFormValues,
  checkClaimForm,
  claimNumberTypingError,
  dateFieldError,
  differs,
  saveBody,
  withStatus,
} from './claim-form';

const stored: ClaimFormValues = {
  claimNumber: 'AB12',
  benefitAmount: '1200',
  firstPaymentDate: '2026-01-01',
  lastPaymentDate: '',
  status: 'Pending',
  reasons: ['roe', 'aps'],
};

describe('staff claim edit form (staff spec §2, §5)', () => {
  it('enables Save only when a value really differs', () => {
    expect(differs(stored, { ...stored })).toBe(false);
    expect(differs(stored, { ...stored, claimNumber: ' ab12 ' })).toBe(false);
    expect(differs(stored, { ...stored, benefitAmount: '1200.00' })).toBe(false);
    expect(differs(stored, { ...stored, reasons: ['aps', 'roe'] })).toBe(false);
    expect(differs(stored, { ...stored, benefitAmount: '1200.5' })).toBe(true);
    expect(differs(stored, { ...stored, status: 'Approved' })).toBe(true);
    expect(differs(stored, { ...stored, lastPaymentDate: '2026-02-01' })).toBe(true);
  });

  it('takes only digits and one dot in the amount', () => {
    expect(['', '12', '12.', '12.5', '.5'].every(acceptsAmountTyping)).toBe(true);
    expect(['-1', '1e3', '1.2.3', '12a', '1,000'].some(acceptsAmountTyping)).toBe(false);
  });

  it('keeps the reasons a new status offers, one for a single-select status, none for Submitted', () => {
    const denied = withStatus({ ...stored, reasons: [] }, 'Denied');
    expect(denied.reasons).toEqual([]);
    expect(withStatus(stored, 'Approved').status).toBe('Approved');
    expect(withStatus(stored, 'Submitted').reasons).toEqual([]);
  });

  it('puts back the reasons ticked under a status visited before (Pending → Denied → Pending)', () => {
    const ticked = { ...stored, reasons: ['recordOfEmployment', 'claimantStatement'] };
    const denied = withStatus(ticked, 'Denied');
    expect(denied.reasons).toEqual([]);
    const back = withStatus(denied, 'Pending', { Pending: ticked.reasons });
    expect(back).toMatchObject({ status: 'Pending', reasons: ticked.reasons });
    expect(withStatus(denied, 'Pending').reasons).toEqual([]);
  });

  it('tolerates partial dates while typing and asks for a complete one on leaving', () => {
    expect(dateFieldError('2026-0', false)).toBeUndefined();
    expect(dateFieldError('2026-0', true)).toBe(
      'Please enter a complete date in format YYYY-MM-DD',
    );
    expect(dateFieldError('26/01/2026', false)).toBe('Please enter date in format YYYY-MM-DD');
  });

  it('checks every rule at save with the spec messages', () => {
    const errors = checkClaimForm(
      {
        ...stored,
        claimNumber: '',
        benefitAmount: '1000000',
        firstPaymentDate: '2026-03-01',
        lastPaymentDate: '2026-02-01',
      },
      { fileName: 'letter.png', size: 5 * 1024 * 1024, contentType: 'image/png' },
    );
    expect(errors).toEqual({
      claimNumber: 'Claim number is required',
      benefitAmount: 'Benefit amount must be less than $1,000,000',
      lastPaymentDate: 'Benefits approved to date cannot be before initial payment date',
      decisionLetter: 'Only PDF files are allowed',
    });
    expect(checkClaimForm({ ...stored, firstPaymentDate: '2026-02-30' }, undefined)).toEqual({
      firstPaymentDate: 'Initial payment date must be a valid date',
    });
    expect(
      checkClaimForm(stored, {
        fileName: 'l.pdf',
        size: 5 * 1024 * 1024,
        contentType: 'application/pdf',
      }),
    ).toEqual({ decisionLetter: 'File size exceeds 4MB limit. Please choose a smaller file.' });
  });

  it('while typing a claim number, flags a refused character at once but not an empty field', () => {
    expect(claimNumberTypingError('AB-1')).toMatch(/.+/);
    expect(claimNumberTypingError('AB-1')).toBe(
      checkClaimForm({ ...stored, claimNumber: 'AB-1' }, undefined).claimNumber,
    );
    expect(claimNumberTypingError('')).toBeUndefined();
    expect(claimNumberTypingError(' AB12 ')).toBeUndefined();
  });

  it('sends only the fields the person changed, never the whole form (decision 048)', () => {
    expect(saveBody(stored, { ...stored, benefitAmount: '1200.00' })).toEqual({});
    expect(saveBody(stored, { ...stored, benefitAmount: ' 2222.22 ' })).toEqual({
      benefitAmount: '2222.22',
    });
    expect(saveBody(stored, { ...stored, status: 'Denied', reasons: [] })).toEqual({
      status: 'Denied',
      additionalReason: [],
    });
    expect(saveBody(stored, { ...stored, reasons: ['roe'] })).toEqual({
      additionalReason: ['roe'],
    });
  });
});
