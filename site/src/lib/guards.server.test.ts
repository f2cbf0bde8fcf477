import { describe, expect, it } from 'vitest';
import {
  ForbiddenError,
  StaffSessionEndedError,
  StaffSessionUnconfirmedError,
  UnauthenticatedError,
} from '@contracts/errors';
import type { Claimant, StaffMember } from '@contracts/claims/events';
import {
  isAuditor,
  refuseUnvouchedStaff,
  requireCustomer,
  requireStaff,
  requireStaffWriter,
  staffRole,
} from './guards.server';

const alice: Claimant = {
  customerId: 'c-1',
  email: 'alice@example.com',
  firstName: 'Alice',
  lastName: 'Martin',
  dateOfBirth: '1980-01-02',
};
const agent = { staffId: 's-1', email: 'agent@example.com' } as StaffMember;

const locals = (fields: Partial<App.Locals>) => fields as App.Locals;

describe('the request guards', () => {
  it('gives the customer of the session, and a 401 naming the customer session without one', () => {
    expect(requireCustomer(locals({ customer: alice }))).toBe(alice);
    expect(() => requireCustomer(locals({ staff: agent }))).toThrow(
      new UnauthenticatedError('a customer session is required'),
    );
  });

  it('gives the staff member of the session, and a 401 naming the staff session without one', () => {
    expect(requireStaff(locals({ staff: agent, staffRole: 'agent' }))).toBe(agent);
    expect(() => requireStaff(locals({ customer: alice }))).toThrow(
      new UnauthenticatedError('a staff session is required'),
    );
    expect(() => requireStaff(locals({ customer: alice }))).toThrow(UnauthenticatedError);
  });

  it('refuses a staff session the provider stopped vouching for (403) or cannot confirm (503), before it is used', () => {
    const ended = locals({ staff: agent, staffRefusal: 'ended' });
    expect(() => requireStaff(ended)).toThrow(StaffSessionEndedError);
    expect(() => requireStaff(ended)).toThrow(/no longer vouches/);
    const unconfirmed = locals({ staff: agent, staffRefusal: 'unconfirmed' });
    expect(() => requireStaff(unconfirmed)).toThrow(StaffSessionUnconfirmedError);
    expect(() => requireStaff(unconfirmed)).toThrow(/could not confirm/);
    expect(() => requireStaffWriter(unconfirmed)).toThrow(StaffSessionUnconfirmedError);
    expect(() => refuseUnvouchedStaff(locals({}))).not.toThrow();
  });

  it('lets an agent write and keeps an auditor to reading (decision 062)', () => {
    expect(requireStaffWriter(locals({ staff: agent, staffRole: 'agent' }))).toBe(agent);
    const auditor = locals({ staff: agent, staffRole: 'auditor' });
    expect(requireStaff(auditor)).toBe(agent);
    expect(() => requireStaffWriter(auditor)).toThrow(ForbiddenError);
    expect(() => requireStaffWriter(auditor)).toThrow(`${agent.email} is an auditor: read only`);
    expect(() => requireStaffWriter(locals({ customer: alice }))).toThrow(UnauthenticatedError);
  });

  it("names the session's role: auditor only when the session says so", () => {
    expect(isAuditor(locals({ staffRole: 'auditor' }))).toBe(true);
    expect(isAuditor(locals({ staffRole: 'agent' }))).toBe(false);
    expect(isAuditor(locals({}))).toBe(false);
    expect(staffRole(locals({ staffRole: 'auditor' }))).toBe('auditor');
    expect(staffRole(locals({ staffRole: 'agent' }))).toBe('agent');
    expect(staffRole(locals({}))).toBe('agent');
  });
});
