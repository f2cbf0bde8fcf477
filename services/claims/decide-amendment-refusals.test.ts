import { describe, it } from 'vitest';
import type { AmendClaim, StaffClaimEdit } from '@contracts/claims/commands';
import type { InspectedFile } from '@contracts/claims/documents';
import type { ClaimAmendedByStaff, StaffClaimChanges } from '@contracts/claims/events';
import { ValidationError } from '@contracts/errors';
import { deciderSpecification } from '@tests/support/decider-specification';
import { evolveClaim, initialClaim } from './claim';
import { decideClaim } from './decide-claim';
import {
  claimSubmitted,
  inspected,
  MB,
  now,
  SUBMISSION_ID,
  staff,
  withFieldError,
} from '@tests/support/claims/claim-fixtures';

const spec = deciderSpecification(
  { initialState: initialClaim, decide: decideClaim, evolve: evolveClaim },
  { now },
);

const amend = (changes: StaffClaimEdit, decisionLetter?: InspectedFile): AmendClaim => ({
  type: 'AmendClaim',
  data: {
    submissionId: SUBMISSION_ID,
    changes,
    staff,
    ...(decisionLetter ? { decisionLetter } : {}),
  },
});

const amended = (changes: StaffClaimChanges): ClaimAmendedByStaff => ({
  type: 'ClaimAmendedByStaff',
  data: { submissionId: SUBMISSION_ID, changes, amendedBy: staff, amendedAt: now.toISOString() },
});

const submitted = claimSubmitted();
const unread = { decisionLetterRead: { from: true, to: false } };
/** A claim staff already numbered and set to Pending (its letter flag is now false). */
const numbered = amended({
  claimNumber: { from: '', to: 'AB12' },
  status: { from: 'Submitted', to: 'Pending' },
  additionalReason: { from: '', to: 'Array:recordOfEmployment' },
  ...unread,
});

const refuses = (
  given: Parameters<typeof spec.given>[0],
  changes: StaffClaimEdit,
  field: string,
  code: string,
  message: string,
) =>
  spec
    .given(given)
    .when(amend(changes))
    .thenThrows(ValidationError, withFieldError({ field, code }, message));

describe('AmendClaim: status and additional reason', () => {
  it('refuses a status outside the five', () => {
    refuses(
      [submitted, numbered],
      { status: 'Closed' },
      'status',
      'status.invalidChoice',
      'Please select a valid claim status',
    );
  });

  it('refuses a reason for Submitted, which takes none', () => {
    refuses(
      [submitted, numbered],
      { status: 'Submitted', additionalReason: ['bankStatement'] },
      'additionalReason',
      'additionalReason.notAllowed',
      'This status does not take an additional reason',
    );
  });

  it("refuses a reason from another status's list", () => {
    refuses(
      [submitted, numbered],
      { status: 'Pending', additionalReason: ['coverageExpired'] },
      'additionalReason',
      'additionalReason.invalidChoice',
      'Please select an additional reason from the list for this status',
    );
    refuses(
      [submitted, numbered],
      { status: 'Denied', additionalReason: ['bankStatement'] },
      'additionalReason',
      'additionalReason.invalidChoice',
      'Please select an additional reason from the list for this status',
    );
  });

  it('refuses two denial reasons: Denied is single-select', () => {
    refuses(
      [submitted, numbered],
      { status: 'Denied', additionalReason: ['coverageExpired', 'noCoverage'] },
      'additionalReason',
      'additionalReason.singleOnly',
      'Please select only one additional reason for this status',
    );
  });
});

describe('AmendClaim: nothing to save, and the decision letter', () => {
  it('refuses a save that changes nothing', () => {
    refuses(
      [submitted, numbered],
      {
        claimNumber: 'ab12',
        status: 'Pending',
        benefitAmount: '0.00',
        additionalReason: ['recordOfEmployment'],
      },
      'form',
      'form.noChanges',
      'No changes to save',
    );
  });

  it('refuses a letter whose bytes are not a PDF', () => {
    spec
      .given([submitted, numbered])
      .when(amend({}, inspected('letter.pdf', MB, 'image/png')))
      .thenThrows(
        ValidationError,
        withFieldError(
          { field: 'decisionLetter', code: 'decisionLetter.notPdf' },
          'Only PDF files are allowed',
        ),
      );
  });

  it('refuses a letter over 4 MB', () => {
    spec
      .given([submitted, numbered])
      .when(amend({}, inspected('letter.pdf', 4 * MB + 1)))
      .thenThrows(
        ValidationError,
        withFieldError(
          { field: 'decisionLetter', code: 'decisionLetter.tooLarge' },
          'File size exceeds 4MB limit. Please choose a smaller file.',
        ),
      );
  });
});
