import { describe, expect, it } from 'vitest';
import { evolveClaim, initialClaim } from './claim';

describe('evolveClaim', () => {
  it('applies the spec defaults of a submitted claim', () => {
    const claim = evolveClaim(initialClaim(), {
      type: 'ClaimSubmitted',
      data: {
        submissionId: 's-1',
        confirmationNumber: 'ABCDE-FGHJK',
        policyNumber: 'P-1',
        productCode: '110',
        productType: 'Loans',
        claimType: 'Disability',
        claimDescription: '',
        claimant: {
          customerId: 'c',
          email: 'a@b.c',
          firstName: 'a',
          lastName: 'b',
          dateOfBirth: '1990-01-01',
        },
        orgId: 'claims-portal',
        submittedAt: '2026-01-01T00:00:00.000Z',
      },
    });
    expect(claim).toMatchObject({
      status: 'Submitted',
      claimNumber: '',
      benefitAmount: 0,
      decisionLetterRead: true,
    });
  });
});
