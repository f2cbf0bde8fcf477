import { PROVINCES } from '@contracts/identity/field-rules';
import type {
  PASSWORD_CHANGE_FIELDS,
  PROFILE_UPDATE_FIELDS,
} from '@contracts/identity/form-fields';
import type { CustomerProfile } from '@contracts/identity/profile';
import type { IslandTranslate } from '../../messages';

export type ProfileField = keyof typeof PROFILE_UPDATE_FIELDS;
export type PasswordField = keyof typeof PASSWORD_CHANGE_FIELDS;

export const NO_PASSWORDS: Record<PasswordField, string> = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** Stored digits shown the North American way: 514-555-0100 or 1-418-555-0199. */
function phoneText(digits: string): string {
  const match = /^(1?)(\d{3})(\d{3})(\d{4})$/.exec(digits);
  if (!match) return digits;
  const [, one, area, exchange, line] = match;
  return `${one ? `${one}-` : ''}${area}-${exchange}-${line}`;
}

/** What the personal form starts from: the profile as stored. */
export function editableOf(profile: CustomerProfile): Record<ProfileField, string> {
  return {
    dateOfBirth: profile.dateOfBirth,
    addressLine1: profile.addressLine1,
    addressLine2: profile.addressLine2,
    city: profile.city,
    province: profile.province,
    postalCode: profile.postalCode,
    country: profile.country,
    phone: phoneText(profile.phone),
  };
}

export function isProfile(value: unknown): value is CustomerProfile {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as CustomerProfile).email === 'string' &&
    typeof (value as CustomerProfile).firstName === 'string'
  );
}

/** The personal tab's read view, label by label. */
export function personalRows(profile: CustomerProfile, t: IslandTranslate): [string, string][] {
  const province = (PROVINCES as readonly string[]).includes(profile.province)
    ? t(`register.province.${profile.province}`)
    : profile.province;
  return [
    [t('register.field.firstName'), profile.firstName],
    [t('register.field.lastName'), profile.lastName],
    [t('register.field.dateOfBirth'), profile.dateOfBirth],
    [t('register.field.financialInstitution'), profile.financialInstitution],
    [t('register.field.addressLine1'), profile.addressLine1],
    [t('profile.field.addressLine2'), profile.addressLine2 || t('profile.none')],
    [t('register.field.city'), profile.city],
    [t('register.field.province'), province],
    [t('register.field.postalCode'), profile.postalCode],
    [t('register.field.country'), profile.country],
    [t('register.field.phone'), phoneText(profile.phone)],
  ];
}
