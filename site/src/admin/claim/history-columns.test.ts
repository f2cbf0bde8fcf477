import { describe, expect, it } from 'vitest';
import { HISTORY_COLUMNS } from '@projections/claims/claim-versions';
import { HISTORY_COLUMN_ORDER, historyCell } from './history-columns';

describe('Claims History columns', () => {
  it('shows every column the history read model has, in the spec order', () => {
    expect(HISTORY_COLUMN_ORDER).toEqual([...HISTORY_COLUMNS]);
  });

  it('writes dates as YYYY-MM-DD, amounts in dollars and nothing as a dash', () => {
    expect(historyCell('dob', '1980-02-03')).toBe('1980-02-03');
    expect(historyCell('created_at', '2026-11-24T12:00:00.000Z')).toMatch(/^2026-11-2[45]$/);
    expect(historyCell('benefit_amount', '99.50')).toBe('$99.50');
    expect(historyCell('claim_number', null)).toBe('—');
    expect(historyCell('additional_reason', 'Array:recordOfEmployment,claimantStatement')).toBe(
      'Record of Employment needed; Claimant Statement needed',
    );
  });
});
