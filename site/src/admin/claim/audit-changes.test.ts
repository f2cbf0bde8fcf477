import { describe, expect, it } from 'vitest';
import { changeLabel, changeValue, eventLabel } from './audit-changes';

describe('Audit tab changes in words (issue 27, finding 7)', () => {
  it('names events in words, and keeps an unknown type as it is', () => {
    expect(eventLabel('ClaimAmendedByStaff')).toBe('Claim changed by staff');
    expect(eventLabel('DecisionLetterUploaded')).toBe('Decision letter uploaded');
    expect(eventLabel('toString')).toBe('toString');
  });

  it('labels fields as the edit form does, and keeps an unknown one as it is', () => {
    expect(changeLabel('benefitAmount')).toBe('Benefit amount');
    expect(changeLabel('firstPaymentDate')).toBe('Initial payment date');
    expect(changeLabel('somethingNew')).toBe('somethingNew');
  });

  it('formats amounts, reasons, files and lists, never a code or JSON', () => {
    expect(changeValue('benefitAmount', 100.5)).toBe('$100.50');
    expect(changeValue('benefitAmount', 0)).toBe('$0.00');
    expect(changeValue('additionalReason', 'Array:bankStatement')).not.toMatch(
      /Array:|bankStatement/,
    );
    expect(changeValue('additionalReason', 'Array:recordOfEmployment,claimantStatement')).toBe(
      'Record of Employment needed; Claimant Statement needed',
    );
    expect(changeValue('decisionLetter', { key: 'k', fileName: 'approval.pdf', size: 1 })).toBe(
      'approval.pdf',
    );
    expect(changeValue('documents', [{ fileName: 'a.pdf' }, { fileName: 'b.png' }])).toBe(
      'a.pdf, b.png',
    );
    expect(changeValue('documents', [])).toBe('(empty)');
    expect(changeValue('decisionLetterRead', true)).toBe('Yes');
    expect(changeValue('claimNumber', '')).toBe('(empty)');
    expect(changeValue('firstPaymentDate', '2024-01-15')).toBe('2024-01-15');
    expect(changeValue('updatedAt', '2026-03-02T09:00:00.000Z')).toMatch(
      /^2026-03-0[12], \d\d:\d\d:\d\d$/,
    );
    expect(changeValue('overrode', [{ field: 'status', by: 'marc@x.example' }])).toBe(
      'marc@x.example',
    );
  });
});
