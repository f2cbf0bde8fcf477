import { NotFoundError } from '@contracts/errors';
import type { AccountRecord, IdentityStore } from '@contracts/identity/identity-store';
import type { CustomerProfile } from '@contracts/identity/profile';

export const toProfile = (account: AccountRecord): CustomerProfile => ({
  id: account.id,
  email: account.email,
  firstName: account.firstName,
  lastName: account.lastName,
  dateOfBirth: account.dateOfBirth,
  financialInstitution: account.financialInstitution,
  addressLine1: account.addressLine1,
  addressLine2: account.addressLine2,
  city: account.city,
  province: account.province,
  postalCode: account.postalCode,
  country: account.country,
  phone: account.phone,
  language: account.language,
  verified: account.verifiedAt !== null,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account of a user id from a request or a session; NotFoundError when there is none. */
export async function accountById(store: IdentityStore, id: string): Promise<AccountRecord> {
  const account = UUID.test(id) ? await store.findAccountById(id) : undefined;
  if (!account) throw new NotFoundError('No such account');
  return account;
}
