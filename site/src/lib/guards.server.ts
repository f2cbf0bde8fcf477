import type { StaffRole } from '@contracts/principals';
import type { Claimant } from '@contracts/claims/events';
import {
  ForbiddenError,
  StaffSessionEndedError,
  StaffSessionUnconfirmedError,
  UnauthenticatedError,
} from '@contracts/errors';
import type { StaffMember } from '@contracts/principals';

/** The customer of the request's session, or a typed 401. */
export function requireCustomer(locals: App.Locals): Claimant {
  if (!locals.customer) throw new UnauthenticatedError('a customer session is required');
  return locals.customer;
}

/**
 * The signed-in staff member, agent or auditor, or a typed 401: the guard of every staff
 * read (search, claim, history, audit, documents, export). A session the OpenID Provider
 * stopped vouching for is a 403, one it cannot confirm while it is down a 503 (decision 118).
 */
export function requireStaff(locals: App.Locals): StaffMember {
  refuseUnvouchedStaff(locals);
  if (!locals.staff) throw new UnauthenticatedError('a staff session is required');
  return locals.staff;
}

/** Throws when the principal middleware found a staff session the provider no longer vouches for. */
export function refuseUnvouchedStaff(locals: App.Locals): void {
  if (locals.staffRefusal === 'ended') {
    throw new StaffSessionEndedError(
      'the OpenID Provider no longer vouches for this staff session',
    );
  }
  if (locals.staffRefusal === 'unconfirmed') {
    throw new StaffSessionUnconfirmedError('the OpenID Provider could not confirm the session');
  }
}

/**
 * The signed-in staff member who may change claims, or a typed 401/403: the guard of every
 * staff write, called before the body is read. An auditor reads and never writes (decision 062).
 */
export function requireStaffWriter(locals: App.Locals): StaffMember {
  const staff = requireStaff(locals);
  if (isAuditor(locals)) throw new ForbiddenError(`${staff.email} is an auditor: read only`);
  return staff;
}

/** True for an auditor's session: the pages render no edit control for it. */
export const isAuditor = (locals: App.Locals): boolean => locals.staffRole === 'auditor';

/** The staff session's role, recorded with each view (decision 127); sessions name theirs. */
export const staffRole = (locals: App.Locals): StaffRole =>
  isAuditor(locals) ? 'auditor' : 'agent';
