import { ForbiddenError } from '@contracts/errors';
import type { SignedInStaff } from '@contracts/principals';

export interface StaffRule {
  /** A value of the ID token's `roles` or `groups` claim that makes someone staff. */
  readonly staffRole: string;
  /** Or: a verified email at this domain. */
  readonly staffEmailDomain?: string | undefined;
  /** A value of the same claims that makes someone a read-only auditor (decision 062). */
  readonly auditorRole?: string | undefined;
}

/**
 * The staff member an ID token names, with their role, or ForbiddenError when it names
 * someone else. The auditor role wins over the staff role and the staff domain: a person
 * put in the auditors' group reads without writing, whatever else they hold.
 */
export function staffMemberFromClaims(
  claims: Readonly<Record<string, unknown>>,
  rule: StaffRule,
): SignedInStaff {
  const sub = claims.sub;
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (typeof sub !== 'string' || sub === '' || email === '') {
    throw new ForbiddenError('the identity provider named no subject or email');
  }
  if (rule.auditorRole && hasRole(claims, rule.auditorRole)) {
    return { staffId: sub, email, role: 'auditor' };
  }
  if (!hasRole(claims, rule.staffRole) && !inStaffDomain(claims, email, rule.staffEmailDomain)) {
    throw new ForbiddenError(`${email} is not claims staff`);
  }
  return { staffId: sub, email, role: 'agent' };
}

/**
 * Role names compare in one case (issue 46): providers and their administrators spell a
 * group `Claims-Staff` as readily as `claims-staff`, and both name one role.
 */
function hasRole(claims: Readonly<Record<string, unknown>>, role: string): boolean {
  const wanted = roleKey(role);
  return [claims.roles, claims.groups].some((values) =>
    listOf(values).some((value) => roleKey(value) === wanted),
  );
}

const roleKey = (role: string) => role.normalize('NFKC').toLowerCase();

/** An email the provider says is unverified proves nothing about its domain. */
function inStaffDomain(
  claims: Readonly<Record<string, unknown>>,
  email: string,
  domain: string | undefined,
): boolean {
  if (!domain || claims.email_verified === false) return false;
  return email.endsWith(`@${domain.toLowerCase()}`);
}

/** Providers send a list, or one string (space-separated for some). */
function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean);
  return [];
}
