import { ValidationError } from '@contracts/errors';
import { toLanguage } from '@contracts/identity/field-rules';
import { PASSWORD_CHANGE_FIELDS, PROFILE_UPDATE_FIELDS } from '@contracts/identity/form-fields';
import {
  parseIdentityRequest,
  passwordChangeRequestSchema,
  profileUpdateRequestSchema,
} from '@contracts/identity/identity-requests';
import type { UpdatableProfile } from '@contracts/identity/identity-store';
import type { CustomerProfile } from '@contracts/identity/profile';
import { accountById, toProfile } from './account-profile';
import { passwordChangedMail } from './identity-mail';
import { mailAccount } from './identity-mailing';
import { RATE_LIMITS } from './limits';
import { hashPassword, verifyPassword } from './passwords';
import type { IdentityPorts } from './ports';
import { enforceRateLimits } from './rate-limits';

/** The profile of the signed-in customer; `customerId` comes from the session. */
export async function readProfile(
  ports: IdentityPorts,
  customerId: string,
): Promise<CustomerProfile> {
  return toProfile(await accountById(ports.store, customerId));
}

/**
 * Replaces the updatable fields. The schema has no first name, last name or financial
 * institution, so a request that sends them changes none of them.
 */
export async function updateProfile(
  ports: IdentityPorts,
  customerId: string,
  body: unknown,
): Promise<CustomerProfile> {
  const now = ports.clock.now();
  const request = parseIdentityRequest(
    profileUpdateRequestSchema(now),
    PROFILE_UPDATE_FIELDS,
    body,
  );
  const account = await accountById(ports.store, customerId);
  const profile: UpdatableProfile = {
    dateOfBirth: request.dateOfBirth,
    addressLine1: request.addressLine1,
    addressLine2: request.addressLine2,
    city: request.city,
    province: request.province as UpdatableProfile['province'],
    postalCode: request.postalCode,
    country: request.country,
    phone: request.phone,
    language: request.language ? toLanguage(request.language) : account.language,
  };
  const updated = await ports.store.updateAccountProfile(account.id, profile, now);
  return toProfile(updated ?? account);
}

/**
 * Password change from the profile: the current password, the rules, then every session
 * of the customer ends (the spec signs the user out) and the owner is told by mail.
 */
export async function changePassword(
  ports: IdentityPorts,
  customerId: string,
  body: unknown,
): Promise<{ readonly endedSessions: number }> {
  const now = ports.clock.now();
  const request = parseIdentityRequest(
    passwordChangeRequestSchema(now),
    PASSWORD_CHANGE_FIELDS,
    body,
  );
  await enforceRateLimits(ports, now, [[RATE_LIMITS.passwordChangePerAccount, customerId]]);
  const account = await accountById(ports.store, customerId);
  if (!(await verifyPassword(account.passwordHash, request.currentPassword))) {
    throw new ValidationError([{ field: 'currentPassword', code: 'currentPassword.incorrect' }]);
  }
  const result = await ports.store.replacePassword(
    account.id,
    await hashPassword(request.newPassword),
    now,
  );
  await mailAccount(ports, account, passwordChangedMail(account.language));
  return result;
}
