import type { Claimant } from '../claims/events';
import type { Language, Province } from './field-rules';

/** What the customer sees and edits on the profile page (spec §3, User profile). */
export interface CustomerProfile {
  readonly id: string;
  /** Lower-cased. */
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** YYYY-MM-DD */
  readonly dateOfBirth: string;
  readonly financialInstitution: string;
  readonly addressLine1: string;
  /** '' when none. */
  readonly addressLine2: string;
  readonly city: string;
  readonly province: Province;
  /** `A1A 1A1` */
  readonly postalCode: string;
  readonly country: string;
  /** Digits only. */
  readonly phone: string;
  readonly language: Language;
  readonly verified: boolean;
}

export const claimantOf = (profile: CustomerProfile): Claimant => ({
  customerId: profile.id,
  email: profile.email,
  firstName: profile.firstName,
  lastName: profile.lastName,
  dateOfBirth: profile.dateOfBirth,
});
