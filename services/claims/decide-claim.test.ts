import { describe, it } from 'vitest';
import type { SubmitClaim } from '@contracts/claims/commands';
import type { ClaimSubmitted } from '@contracts/claims/events';
import { ConflictError } from '@contracts/errors';
import { deciderSpecification } from '@tests/support/decider-specification';
import { evolveClaim, initialClaim } from './claim';
import { decideClaim } from './decide-claim';

const now = new Date('2026-11-22T10:00:00.000Z');
const spec = deciderSpecification(
  { initialState: initialClaim, decide: decideClaim, evolve: evolveClaim },
  { now },
);

const submitClaim: SubmitClaim = {
  type: 'SubmitClaim',
  data: {
    submissionId: '0190f1c2-0000-7000-8000-000000000001',
    confirmationNumber: 'ABCDE-FGHJK',
    policyNumber: 'POL-1234',
    productCode: '210',
    productType: 'Mortgage',
    claimType: 'Job Loss',
    claimDescription: 'Laid off in October',
    claimant: {
      customerId: 'customer-1',
      email: 'Marie.Tremblay@Example.com',
      firstName: 'Marie',
      lastName: 'Tremblay',
      dateOfBirth: '1980-04-02',
    },
  },
};

const claimSubmitted: ClaimSubmitted = {
  type: 'ClaimSubmitted',
  data: {
    submissionId: '0190f1c2-0000-7000-8000-000000000001',
    confirmationNumber: 'ABCDE-FGHJK',
    policyNumber: 'POL-1234',
    productCode: '210',
    productType: 'Mortgage',
    claimType: 'Job Loss',
    claimDescription: 'Laid off in October',
    claimant: {
      customerId: 'customer-1',
      email: 'marie.tremblay@example.com',
      firstName: 'marie',
      lastName: 'tremblay',
      dateOfBirth: '1980-04-02',
    },
    orgId: 'claims-portal',
    submittedAt: now.toISOString(),
  },
};

describe('SubmitClaim', () => {
  it('records the submission with names and email lower-cased, the fixed organisation and the clock time', () => {
    spec.given([]).when(submitClaim).then([claimSubmitted]);
  });

  it('refuses a second submission on the same claim', () => {
    spec.given([claimSubmitted]).when(submitClaim).thenThrows(ConflictError);
  });
});
