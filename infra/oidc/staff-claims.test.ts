import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '@contracts/errors';
import { staffMemberFromClaims } from './staff-claims';

const rule = {
  staffRole: 'claims-staff',
  staffEmailDomain: 'claims.example',
  auditorRole: 'claims-auditor',
};
const agent = { sub: 'u-1', email: 'Agent@Elsewhere.example' };

describe('staffMemberFromClaims', () => {
  it('admits the staff role in roles or in groups, and lower-cases the email', () => {
    const expected = { staffId: 'u-1', email: 'agent@elsewhere.example', role: 'agent' };
    expect(staffMemberFromClaims({ ...agent, roles: ['claims-staff'] }, rule)).toEqual(expected);
    expect(staffMemberFromClaims({ ...agent, groups: ['x', 'claims-staff'] }, rule)).toEqual(
      expected,
    );
    expect(staffMemberFromClaims({ ...agent, groups: 'x claims-staff' }, rule)).toEqual(expected);
  });

  it('matches role names in any case: Claims-Staff and CLAIMS-AUDITOR name the roles (issue 46)', () => {
    expect(staffMemberFromClaims({ ...agent, roles: ['Claims-Staff'] }, rule).role).toBe('agent');
    expect(staffMemberFromClaims({ ...agent, groups: 'CLAIMS-AUDITOR' }, rule).role).toBe(
      'auditor',
    );
    expect(() => staffMemberFromClaims({ ...agent, roles: ['claims-staffer'] }, rule)).toThrow(
      ForbiddenError,
    );
  });

  it('admits a verified email of the staff domain without the role', () => {
    const claims = { sub: 'u-2', email: 'b@claims.example', email_verified: true };
    expect(staffMemberFromClaims(claims, rule)).toEqual({
      staffId: 'u-2',
      email: 'b@claims.example',
      role: 'agent',
    });
    expect(staffMemberFromClaims({ sub: 'u-2', email: 'b@claims.example' }, rule).staffId).toBe(
      'u-2',
    );
  });

  it('admits the auditor role as a read-only auditor, over the staff role and the domain', () => {
    const auditor = { staffId: 'u-1', email: 'agent@elsewhere.example', role: 'auditor' };
    expect(staffMemberFromClaims({ ...agent, groups: ['claims-auditor'] }, rule)).toEqual(auditor);
    expect(staffMemberFromClaims({ ...agent, roles: 'claims-staff claims-auditor' }, rule)).toEqual(
      auditor,
    );
    const inDomain = { sub: 'u-2', email: 'b@claims.example', roles: ['claims-auditor'] };
    expect(staffMemberFromClaims(inDomain, rule).role).toBe('auditor');
  });

  it('reads the auditor role from the rule: another name, or none, gives no auditor', () => {
    const claims = { ...agent, groups: ['claims-auditor'] };
    expect(() => staffMemberFromClaims(claims, { ...rule, auditorRole: 'audit' })).toThrow(
      ForbiddenError,
    );
    expect(() => staffMemberFromClaims(claims, { staffRole: 'claims-staff' })).toThrow(
      ForbiddenError,
    );
    const renamed = { ...agent, groups: ['audit'] };
    expect(staffMemberFromClaims(renamed, { ...rule, auditorRole: 'audit' }).role).toBe('auditor');
  });

  it('refuses an email the provider marks unverified, a look-alike domain and no domain rule', () => {
    const unverified = { sub: 'u-3', email: 'c@claims.example', email_verified: false };
    expect(() => staffMemberFromClaims(unverified, rule)).toThrow(ForbiddenError);
    const lookAlike = { sub: 'u-3', email: 'c@evilclaims.example' };
    expect(() => staffMemberFromClaims(lookAlike, rule)).toThrow(ForbiddenError);
    const inDomain = { sub: 'u-3', email: 'c@claims.example' };
    expect(() => staffMemberFromClaims(inDomain, { staffRole: 'claims-staff' })).toThrow(
      ForbiddenError,
    );
  });

  it('refuses other roles, and identities with no subject or email', () => {
    expect(() => staffMemberFromClaims({ ...agent, roles: ['customer-support'] }, rule)).toThrow(
      ForbiddenError,
    );
    expect(() => staffMemberFromClaims({ sub: 'u-4', roles: ['claims-staff'] }, rule)).toThrow(
      ForbiddenError,
    );
    expect(() => staffMemberFromClaims({ email: 'a@claims.example' }, rule)).toThrow(
      ForbiddenError,
    );
  });
});
