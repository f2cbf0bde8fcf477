import { describe, it } from 'vitest';
import type { AmendClaim, StaffClaimEdit } from '@contracts/claims/commands';
import type { ClaimAmendedByStaff, OverriddenChange } from '@contracts/claims/events';
import { deciderSpecification } from '@tests/support/decider-specification';
import { claimSubmitted, now, SUBMISSION_ID, staff } from '@tests/support/claims/claim-fixtures';
import { evolveClaim, initialClaim } from './claim';
import { decideClaim } from './decide-claim';

const spec = deciderSpecification(
  { initialState: initialClaim, decide: decideClaim, evolve: evolveClaim },
  { now },
);

const theirs = (field: string, to: unknown): OverriddenChange => ({
  field,
  from: '',
  to,
  by: 'colleague@insurer.example',
  at: '2026-11-21T09:00:00.000Z',
});

const amend = (changes: StaffClaimEdit, overriding?: readonly OverriddenChange[]): AmendClaim => ({
  type: 'AmendClaim',
  data: { submissionId: SUBMISSION_ID, changes, staff, ...(overriding ? { overriding } : {}) },
});

const amended = (overrode?: readonly OverriddenChange[]): ClaimAmendedByStaff => ({
  type: 'ClaimAmendedByStaff',
  data: {
    submissionId: SUBMISSION_ID,
    changes: {
      claimNumber: { from: '', to: 'AB12' },
      decisionLetterRead: { from: true, to: false },
    },
    amendedBy: staff,
    amendedAt: now.toISOString(),
    ...(overrode ? { overrode } : {}),
  },
});

/** Issue 48: an overwrite chosen after a conflict records only the others' changes it replaces. */
describe('AmendClaim: overwriting a colleague', () => {
  it('records the overridden change this save replaces, and not the ones it leaves alone', () => {
    const replaced = theirs('claimNumber', 'ZZ99');
    const untouched = theirs('benefitAmount', 10);
    spec
      .given([claimSubmitted()])
      .when(amend({ claimNumber: 'AB12' }, [replaced, untouched]))
      .then([amended([replaced])]);
  });

  it('records no overwrite when the save replaces none of the changes it was shown', () => {
    spec
      .given([claimSubmitted()])
      .when(amend({ claimNumber: 'AB12' }, [theirs('benefitAmount', 10)]))
      .then([amended()]);
  });
});
