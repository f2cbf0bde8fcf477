import type { AccountRecord } from '@contracts/identity/identity-store';
import type { Language, Province } from '@contracts/identity/field-rules';

/** The account's columns as AccountRow names them, each qualified by `table` when given. */
export const accountColumns = (table?: string) => {
  const of = (column: string) => (table ? `${table}.${column}` : column);
  return `${of('id')}, ${of('email')}, ${of('password_hash')}, ${of('first_name')}, ${of('last_name')},
  ${of('date_of_birth')}::text as date_of_birth, ${of('financial_institution')}, ${of('address_line1')},
  ${of('address_line2')}, ${of('city')}, ${of('province')}, ${of('postal_code')}, ${of('country')},
  ${of('phone')}, ${of('language')}, ${of('verified_at')}, ${of('created_at')}, ${of('updated_at')},
  ${of('password_changed_at')}`;
};
export const ACCOUNT_COLUMNS = accountColumns();

export interface AccountRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  financial_institution: string;
  address_line1: string;
  address_line2: string;
  city: string;
  province: string;
  postal_code: string;
  country: string;
  phone: string;
  language: string;
  verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
  password_changed_at: Date;
}

export const toAccount = (row: AccountRow): AccountRecord => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  firstName: row.first_name,
  lastName: row.last_name,
  dateOfBirth: row.date_of_birth,
  financialInstitution: row.financial_institution,
  addressLine1: row.address_line1,
  addressLine2: row.address_line2,
  city: row.city,
  province: row.province as Province,
  postalCode: row.postal_code,
  country: row.country,
  phone: row.phone,
  language: row.language as Language,
  verifiedAt: row.verified_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  passwordChangedAt: row.password_changed_at,
});
