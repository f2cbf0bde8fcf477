import { describe, expect, it } from 'vitest';
import type { StaffClaimEdit } from '@contracts/claims/commands';
import { type ClaimRecord, evolveClaim, initialClaim } from './claim';
import { readStaffEdit } from './read-staff-edit';
import { claimSubmitted } from '@tests/support/claims/claim-fixtures';

const claim = evolveClaim(initialClaim(), claimSubmitted()) as ClaimRecord;
const read = (edit: StaffClaimEdit) => readStaffEdit({ claimNumber: 'H1234567', ...edit }, claim);

describe('reading a staff edit', () => {
  it('checks the payment period only once both dates read: a wrong first date is its only error', () => {
    expect(read({ firstPaymentDate: '2026-13-01', lastPaymentDate: '2026-02-01' }).errors).toEqual([
      { field: 'firstPaymentDate', code: 'firstPaymentDate.invalidMonth' },
    ]);
  });

  it('keeps a payment date without the spaces typed around it', () => {
    const { values, errors } = read({ firstPaymentDate: ' 2026-01-05 ' });
    expect(errors).toEqual([]);
    expect(values.firstPaymentDate).toBe('2026-01-05');
  });

  it('reads the reasons as a stored string with spaces around it, or as a list with blanks and spaces', () => {
    const expected = {
      errors: [],
      values: { additionalReason: 'Array:bankStatement,replyToLetter' },
    };
    expect(
      read({ status: 'Pending', additionalReason: ' Array:bankStatement,replyToLetter ' }),
    ).toMatchObject(expected);
    expect(
      read({ status: 'Pending', additionalReason: [' bankStatement ', '', 'replyToLetter'] }),
    ).toMatchObject(expected);
  });

  it('refuses a list with one unknown reason among known ones', () => {
    expect(
      read({ status: 'Pending', additionalReason: ['bankStatement', 'noSuchReason'] }).errors,
    ).toEqual([{ field: 'additionalReason', code: 'additionalReason.invalidChoice' }]);
  });
});
