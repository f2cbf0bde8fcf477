import { describe, expect, it } from 'vitest';
import type { ClaimEvent } from '@contracts/claims/events';
import { claimSubmitted, SUBMISSION_ID, staff } from '@tests/support/claims/claim-fixtures';
import { evolveClaim, initialClaim, referencedKeys } from './claim';

const letterUploaded: ClaimEvent = {
  type: 'DecisionLetterUploaded',
  data: {
    key: 'claims/letter-key',
    fileName: 'decision.pdf',
    size: 10,
    sha256: 'a'.repeat(64),
    submissionId: SUBMISSION_ID,
    uploadedBy: staff,
    uploadedAt: '2026-11-03T00:00:00.000Z',
  },
};
const letterRead: ClaimEvent = {
  type: 'DecisionLetterRead',
  data: { submissionId: SUBMISSION_ID, customerId: 'customer-1', readAt: '2026-11-04T00:00:00Z' },
};

/** Issue 48: the folds and key lists a mutant could change without a test noticing. */
describe('evolveClaim and referencedKeys', () => {
  it('given no submission, when a later event arrives, then the claim stays not submitted', () => {
    expect([letterUploaded, letterRead].reduce(evolveClaim, initialClaim())).toEqual({
      status: 'NotSubmitted',
    });
  });

  it('given a submitted claim, when a letter is uploaded, then it keeps exactly its key, name, size and hash', () => {
    const claim = evolveClaim(evolveClaim(initialClaim(), claimSubmitted()), letterUploaded);
    expect(claim).toMatchObject({
      decisionLetter: {
        key: 'claims/letter-key',
        fileName: 'decision.pdf',
        size: 10,
        sha256: 'a'.repeat(64),
      },
    });
    expect(referencedKeys(claim)).toEqual(new Set(['claims/letter-key']));
  });

  it('lists no key for a claim not submitted, nor for one without a letter', () => {
    expect(referencedKeys(initialClaim())).toEqual(new Set());
    expect(referencedKeys(evolveClaim(initialClaim(), claimSubmitted()))).toEqual(new Set());
  });
});
