import type { Claimant } from '@contracts/claims/events';
import { NotFoundError } from '@contracts/errors';
import type { ClaimRecord } from './claim';
import { loadClaim } from './load-claim';
import { existingClaim, ownClaim } from './own-claim';
import type { ClaimPorts } from './ports';

export interface DecisionLetterFile {
  /** The name staff uploaded it under. */
  readonly fileName: string;
  /** The claim's confirmation number, which the claimant's copy is named after. */
  readonly confirmationNumber: string;
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

/** The letter the claim points at, for its own customer, or for staff when no claimant is given. */
export async function readDecisionLetter(
  ports: ClaimPorts,
  submissionId: string,
  claimant?: Claimant,
): Promise<DecisionLetterFile> {
  const state = await loadClaim(ports.eventStore, submissionId);
  const claim: ClaimRecord = claimant
    ? ownClaim(state, submissionId, claimant.customerId)
    : existingClaim(state, submissionId);
  if (!claim.eobPath) throw new NotFoundError(`Claim ${submissionId} has no decision letter`);
  const object = await ports.documents.get(claim.eobPath);
  if (!object) throw new NotFoundError(`Decision letter of claim ${submissionId} is missing`);
  return {
    fileName: claim.decisionLetter?.fileName ?? 'decision-letter.pdf',
    confirmationNumber: claim.confirmationNumber,
    bytes: object.bytes,
    contentType: object.contentType,
  };
}
