import type { Claimant } from '@contracts/claims/events';
import { UnauthenticatedError } from '@contracts/errors';
import type { StaffMember } from '@contracts/principals';

/** The signed-in customer, or a typed 401. */
export function requireCustomer(locals: App.Locals): Claimant {
  if (!locals.customer) throw new UnauthenticatedError('a customer session is required');
  return locals.customer;
}

/** The signed-in staff member, or a typed 401. */
export function requireStaff(locals: App.Locals): StaffMember {
  if (!locals.staff) throw new UnauthenticatedError('a staff session is required');
  return locals.staff;
}

/** A customer signed in with a real session (not the development stand-in). */
export function requireSignedInCustomer(locals: App.Locals): Claimant {
  if (!locals.customer || !locals.customerSession) {
    throw new UnauthenticatedError('a customer session is required');
  }
  return locals.customer;
}
