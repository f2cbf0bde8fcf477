import type { Claimant } from '@contracts/claims/events';
import { UnauthenticatedError } from '@contracts/errors';
import type { StaffMember } from '@contracts/principals';

/** The customer of the request's session, or a typed 401. */
export function requireCustomer(locals: App.Locals): Claimant {
  if (!locals.customer) throw new UnauthenticatedError('a customer session is required');
  return locals.customer;
}

/** The signed-in staff member, or a typed 401. */
export function requireStaff(locals: App.Locals): StaffMember {
  if (!locals.staff) throw new UnauthenticatedError('a staff session is required');
  return locals.staff;
}
