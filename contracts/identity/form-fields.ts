import {
  ADDRESS_LINE1_AT_REGISTRATION,
  ADDRESS_LINE1_IN_PROFILE,
  ADDRESS_LINE2_FIELD,
  CITY_FIELD,
  CONFIRM_PASSWORD_FIELD,
  COUNTRY_FIELD,
  CURRENT_PASSWORD_FIELD,
  DATE_OF_BIRTH_FIELD,
  EMAIL_FIELD,
  FINANCIAL_INSTITUTION_FIELD,
  FIRST_NAME,
  LAST_NAME,
  NEW_PASSWORD_FIELD,
  PASSWORD_PROOF_FIELD,
  PHONE_FIELD,
  POSTAL_CODE_FIELD,
  PROVINCE_FIELD,
  RECOVERY_CODE_FIELD,
  SIGN_IN_CODE_FIELD,
  SIGN_IN_EMAIL_FIELD,
  VERIFICATION_CODE_FIELD,
} from './field-specs';

/**
 * The text fields of each identity form, by name. Both schema builders read these maps, and
 * so does the error conversion (for a rule's params), so a form is described once.
 */

/** Registration (spec §3): all required except address line 2. */
export const REGISTRATION_FIELDS = {
  firstName: FIRST_NAME,
  lastName: LAST_NAME,
  dateOfBirth: DATE_OF_BIRTH_FIELD,
  financialInstitution: FINANCIAL_INSTITUTION_FIELD,
  addressLine1: ADDRESS_LINE1_AT_REGISTRATION,
  addressLine2: ADDRESS_LINE2_FIELD,
  city: CITY_FIELD,
  province: PROVINCE_FIELD,
  postalCode: POSTAL_CODE_FIELD,
  country: COUNTRY_FIELD,
  phone: PHONE_FIELD,
  email: EMAIL_FIELD,
  password: NEW_PASSWORD_FIELD,
  reenterPassword: CONFIRM_PASSWORD_FIELD,
} as const;

/**
 * What a customer may change in their profile. First name, last name and financial
 * institution are read-only (spec §5, §6), so they are not here: a request carrying them
 * has them dropped before anything reads it. The email is changed by no form in the spec.
 */
export const PROFILE_UPDATE_FIELDS = {
  dateOfBirth: DATE_OF_BIRTH_FIELD,
  addressLine1: ADDRESS_LINE1_IN_PROFILE,
  addressLine2: ADDRESS_LINE2_FIELD,
  city: CITY_FIELD,
  province: PROVINCE_FIELD,
  postalCode: POSTAL_CODE_FIELD,
  country: COUNTRY_FIELD,
  phone: PHONE_FIELD,
} as const;

export const SIGN_IN_FIELDS = {
  email: SIGN_IN_EMAIL_FIELD,
  password: PASSWORD_PROOF_FIELD,
} as const;
export const SIGN_IN_CODE_FIELDS = { otp: SIGN_IN_CODE_FIELD } as const;
export const VERIFICATION_FIELDS = { verificationCode: VERIFICATION_CODE_FIELD } as const;
export const FORGOT_PASSWORD_FIELDS = { email: EMAIL_FIELD } as const;

export const RESET_PASSWORD_FIELDS = {
  recoveryCode: RECOVERY_CODE_FIELD,
  newPassword: NEW_PASSWORD_FIELD,
  confirmPassword: CONFIRM_PASSWORD_FIELD,
} as const;

export const PASSWORD_CHANGE_FIELDS = {
  currentPassword: CURRENT_PASSWORD_FIELD,
  newPassword: NEW_PASSWORD_FIELD,
  confirmPassword: CONFIRM_PASSWORD_FIELD,
} as const;
