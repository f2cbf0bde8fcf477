import { describe, it } from 'vitest';
import type { MarkDecisionLetterRead } from '@contracts/claims/commands';
import type { ClaimAmendedByStaff } from '@contracts/claims/events';
import { NotFoundError } from '@contracts/errors';
import { deciderSpecification } from '@tests/support/decider-specification';
import { evolveClaim, initialClaim } from './claim';
import { decideClaim } from './decide-claim';
import {
  CUSTOMER_ID,
  claimSubmitted,
  now,
  SUBMISSION_ID,
  staff,
} from '@tests/support/claims/claim-fixtures';

const spec = deciderSpecification(
  { initialState: initialClaim, decide: decideClaim, evolve: evolveClaim },
  { now },
);

const markRead = (customerId = CUSTOMER_ID): MarkDecisionLetterRead => ({
  type: 'MarkDecisionLetterRead',
  data: { submissionId: SUBMISSION_ID, customerId },
});

const staffSave: ClaimAmendedByStaff = {
  type: 'ClaimAmendedByStaff',
  data: {
    submissionId: SUBMISSION_ID,
    changes: {
      claimNumber: { from: '', to: 'AB12' },
      decisionLetterRead: { from: true, to: false },
    },
    amendedBy: staff,
    amendedAt: '2026-11-20T10:00:00.000Z',
  },
};

const read = {
  type: 'DecisionLetterRead' as const,
  data: { submissionId: SUBMISSION_ID, customerId: CUSTOMER_ID, readAt: now.toISOString() },
};

describe('MarkDecisionLetterRead', () => {
  it('marks the letter read after a staff save', () => {
    spec.given([claimSubmitted(), staffSave]).when(markRead()).then([read]);
  });

  it('records nothing when it is already read', () => {
    spec.given([claimSubmitted()]).when(markRead()).then([]);
    spec.given([claimSubmitted(), staffSave, read]).when(markRead()).then([]);
  });

  it("answers not found for another customer's claim, and for no claim", () => {
    spec
      .given([claimSubmitted(), staffSave])
      .when(markRead('someone-else'))
      .thenThrows(NotFoundError);
    spec.given([]).when(markRead()).thenThrows(NotFoundError);
  });
});
