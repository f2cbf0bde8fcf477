import { randomUUID } from 'node:crypto';
import type { NewAccountRecord } from '@contracts/identity/identity-store';

/** A verified-looking account row for store tests: a fresh id and email each time. */
export function newAccountRecord(
  createdAt: Date,
  overrides: Partial<NewAccountRecord> = {},
): NewAccountRecord {
  return {
    id: randomUUID(),
    email: `${randomUUID()}@example.test`,
    passwordHash: '$argon2id$stand-in',
    firstName: 'Marie',
    lastName: 'Tremblay',
    dateOfBirth: '1980-04-02',
    financialInstitution: 'Banque Exemple',
    addressLine1: '123 rue Principale',
    addressLine2: '',
    city: 'Montréal',
    province: 'QC',
    postalCode: 'H2X 1Y4',
    country: 'Canada',
    phone: '5145550100',
    language: 'fr',
    createdAt,
    ...overrides,
  };
}
