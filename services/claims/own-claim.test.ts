import { describe, expect, it } from 'vitest';
import { type ClaimRecord, evolveClaim, initialClaim } from './claim';
import { existingClaim, ownClaim } from './own-claim';
import { CUSTOMER_ID, claimSubmitted, SUBMISSION_ID } from '@tests/support/claims/claim-fixtures';

const claim = evolveClaim(initialClaim(), claimSubmitted()) as ClaimRecord;

describe('a claim not found', () => {
  it('names the claim it did not find, to staff and to a customer who is not its own', () => {
    const notFound = `Claim ${SUBMISSION_ID} not found`;
    expect(() => existingClaim(initialClaim(), SUBMISSION_ID)).toThrow(notFound);
    expect(() => ownClaim(claim, SUBMISSION_ID, `not-${CUSTOMER_ID}`)).toThrow(notFound);
    expect(ownClaim(claim, SUBMISSION_ID, CUSTOMER_ID)).toBe(claim);
  });
});
