import type { Claimant, StaffMember } from './claims/events';

export type { StaffMember };

/** Who is calling, as the server knows it from the session; never from a request body. */
export interface Principals {
  readonly customer?: Claimant;
  readonly staff?: StaffMember;
}
