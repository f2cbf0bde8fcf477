import type { Claimant } from '@contracts/claims/events';
import { UnauthenticatedError } from '@contracts/errors';
import { developmentClaimant } from './development-claimant.server';

/** For pages that need a signed-in claimant: undefined means "send them home to sign in". */
export function claimantForPage(): Claimant | undefined {
  try {
    return developmentClaimant();
  } catch (error) {
    if (error instanceof UnauthenticatedError) return undefined;
    throw error;
  }
}
