import { describe, expect, it } from 'vitest';
import { StaffApiError } from '../staff-api';
import {
  carriedEdits,
  collidingFields,
  describeChange,
  type SaveConflict,
  saveConflictOf,
} from './claim-conflict';
import type { ClaimFormValues } from './claim-form';

const amountByB: SaveConflict = {
  currentVersion: 3,
  changes: [
    {
      field: 'benefitAmount',
      from: 0,
      to: 2222.22,
      by: 'b@claims.example',
      at: '2026-03-01T10:00:00Z',
    },
  ],
};

const values: ClaimFormValues = {
  claimNumber: 'AB12',
  benefitAmount: '0',
  firstPaymentDate: '',
  lastPaymentDate: '',
  status: 'Approved',
  reasons: [],
};

describe('a stale staff save (decision 048)', () => {
  it('is recognised by its 409 with the current version and the changes since', () => {
    const stale = new StaffApiError(409, [], { code: 'CONFLICT', ...amountByB });
    expect(saveConflictOf(stale)).toEqual(amountByB);
    const taken = new StaffApiError(409, [{ field: 'claimNumber', code: 'x' }], {});
    expect(saveConflictOf(taken)).toBeUndefined();
    expect(saveConflictOf(new Error('x'))).toBeUndefined();
  });

  it('names the other change with the field label, both values and who saved it', () => {
    const { what, who } = describeChange(amountByB.changes[0] as SaveConflict['changes'][0]);
    expect(what).toBe('Benefit amount: $0.00 → $2,222.22');
    expect(who).toContain('b@claims.example');
  });

  it('keeps the edits on other fields and gives up those on fields the other change touched', () => {
    expect(collidingFields(['status'], amountByB)).toEqual([]);
    expect(carriedEdits(values, ['status'], [])).toEqual({ status: 'Approved' });
    const colliding = collidingFields(['status', 'benefitAmount'], amountByB);
    expect(colliding).toEqual(['benefitAmount']);
    expect(carriedEdits(values, ['status', 'benefitAmount'], colliding)).toEqual({
      status: 'Approved',
    });
  });

  it('treats status and reasons as one: the status decides which reasons fit', () => {
    const statusByB: SaveConflict = {
      currentVersion: 4,
      changes: [
        { field: 'status', from: 'Pending', to: 'Denied', by: 'b', at: '2026-03-01T10:00:00Z' },
      ],
    };
    expect(collidingFields(['reasons', 'claimNumber'], statusByB)).toEqual(['reasons']);
  });
});
