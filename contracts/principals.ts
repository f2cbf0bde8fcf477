import type { Claimant } from './claims/events';

/** A signed-in member of the claims staff. */
export interface StaffMember {
  readonly staffId: string;
  readonly email: string;
  readonly name: string;
}

/** Who is calling, as the server knows it from the session; never from a request body. */
export interface Principals {
  readonly customer?: Claimant;
  readonly staff?: StaffMember;
}
