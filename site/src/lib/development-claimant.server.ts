import type { Claimant } from '@contracts/claims/events';
import { UnauthenticatedError } from '@contracts/errors';
import { getConfig } from '@infra/config/config';
import { DEMO_CUSTOMER } from '@infra/demo/demo-customer';

/**
 * DEVELOPMENT ONLY, until customer sign-in exists (identity issue): every visitor acts as
 * the demo claimant. Production has no claimant at all, so claim endpoints answer 401.
 * The claimant never comes from the request body.
 */
export function developmentClaimant(): Claimant {
  if (getConfig().NODE_ENV === 'production') {
    throw new UnauthenticatedError('customer sign-in is not available yet');
  }
  return DEMO_CUSTOMER;
}
