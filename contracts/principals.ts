import type { StaffMember } from './claims/events';

export type { StaffMember };

/**
 * What a staff session may do (decision 062): an agent reads and amends claims; an auditor
 * reads everything an agent reads and changes nothing.
 */
const STAFF_ROLES = ['agent', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A staff member as a sign-in vouches for them, with the role their groups give. */
export interface SignedInStaff extends StaffMember {
  readonly role: StaffRole;
}
