import { NotFoundError } from '@contracts/errors';
import type { Claim, ClaimRecord } from './claim';

/** A claim that exists, whoever may act on it (staff). */
export function existingClaim(state: Claim, submissionId: string): ClaimRecord {
  if (state.status === 'NotSubmitted') throw new NotFoundError(`Claim ${submissionId} not found`);
  return state;
}

/** The claim, only for its own customer: anyone else learns nothing, not even that it exists. */
export function ownClaim(state: Claim, submissionId: string, customerId: string): ClaimRecord {
  const claim = existingClaim(state, submissionId);
  if (claim.claimant.customerId !== customerId) {
    throw new NotFoundError(`Claim ${submissionId} not found`);
  }
  return claim;
}
