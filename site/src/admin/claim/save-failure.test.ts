import { describe, expect, it } from 'vitest';
import { StaffApiError } from '../staff-api';
import { saveFailure } from './save-failure';

describe('a failed staff save (staff spec §8)', () => {
  it('marks the claim number when the API says it is taken', () => {
    const taken = new StaffApiError(409, [
      { field: 'claimNumber', code: 'claimNumber.taken', message: 'Claim number already exists' },
    ]);
    expect(saveFailure(taken, false)).toEqual({
      message: 'Claim number already exists',
      fieldErrors: { claimNumber: 'Claim number already exists' },
    });
  });

  it('says nothing was saved when the letter was refused, and marks each refused field', () => {
    const refused = new StaffApiError(400, [
      {
        field: 'decisionLetter',
        code: 'decisionLetter.notPdf',
        message: 'Only PDF files are allowed',
      },
      { field: 'additionalReason', code: 'x', message: 'Pick one' },
    ]);
    expect(saveFailure(refused, true)).toEqual({
      message: 'Unable to upload EOB. Changes not saved.',
      fieldErrors: { decisionLetter: 'Only PDF files are allowed', reasons: 'Pick one' },
    });
  });

  it('tells other failures apart from what never reached the API', () => {
    expect(saveFailure(new StaffApiError(409), false).message).toBe(
      'Your changes could not be saved',
    );
    expect(saveFailure(new StaffApiError(503), true).message).toBe('The EOB could not be uploaded');
    expect(saveFailure(new TypeError('network'), false).message).toBe(
      'An unexpected error occurred',
    );
  });
});
