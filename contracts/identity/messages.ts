import type { BilingualMessage } from '../claims/messages';
import { ADDRESS_LINE2, NAME, PASSWORD, PLACE_NAME, FINANCIAL_INSTITUTION } from './field-rules';
import type { Language } from './field-rules';

/**
 * The words of every identity field error, keyed by the stable `code` a FieldError carries,
 * in English and French. `{name}` placeholders are filled from the error's params.
 * Wording quoted by the spec (§5) is kept as is; the rest is ours.
 */
export const IDENTITY_FIELD_MESSAGES = {
  'request.invalid': {
    en: 'The request is not valid',
    fr: 'La requête n’est pas valide',
  },
  ...nameMessages('firstName', { en: 'First name', fr: 'Le prénom' }),
  ...nameMessages('lastName', { en: 'Last name', fr: 'Le nom de famille' }),
  'dateOfBirth.required': {
    en: 'Date of birth is required',
    fr: 'La date de naissance est obligatoire',
  },
  'dateOfBirth.invalid': {
    en: 'Please enter a valid date (YYYY-MM-DD)',
    fr: 'Veuillez entrer une date valide (AAAA-MM-JJ)',
  },
  'dateOfBirth.yearOutOfRange': {
    en: 'The year must be between 1900 and 2100',
    fr: 'L’année doit être comprise entre 1900 et 2100',
  },
  'dateOfBirth.underAge': {
    en: 'User must be at least 18 years old to create a profile',
    fr: 'L’utilisateur doit avoir au moins 18 ans pour créer un profil',
  },
  'financialInstitution.required': {
    en: 'Financial institution is required',
    fr: 'L’institution financière est obligatoire',
  },
  'financialInstitution.tooLong': {
    en: `Financial institution must be at most ${FINANCIAL_INSTITUTION.maxLength} characters`,
    fr: `L’institution financière doit compter au plus ${FINANCIAL_INSTITUTION.maxLength} caractères`,
  },
  'financialInstitution.invalidCharacters': {
    en: 'Financial institution contains invalid characters',
    fr: 'L’institution financière contient des caractères non valides',
  },
  'addressLine1.required': {
    en: 'Address is required',
    fr: 'L’adresse est obligatoire',
  },
  'addressLine1.tooLong': {
    en: 'Address must be at most {max} characters',
    fr: 'L’adresse doit compter au plus {max} caractères',
  },
  'addressLine1.invalidCharacters': {
    en: 'Address contains invalid characters',
    fr: 'L’adresse contient des caractères non valides',
  },
  'addressLine2.tooLong': {
    en: `Address line 2 must be at most ${ADDRESS_LINE2.maxLength} characters`,
    fr: `La ligne d’adresse 2 doit compter au plus ${ADDRESS_LINE2.maxLength} caractères`,
  },
  'addressLine2.invalidCharacters': {
    en: 'Address contains invalid characters',
    fr: 'L’adresse contient des caractères non valides',
  },
  'city.required': { en: 'City is required', fr: 'La ville est obligatoire' },
  'city.tooLong': {
    en: `City must be at most ${PLACE_NAME.maxLength} characters`,
    fr: `La ville doit compter au plus ${PLACE_NAME.maxLength} caractères`,
  },
  'city.invalidCharacters': {
    en: 'City contains invalid characters',
    fr: 'La ville contient des caractères non valides',
  },
  'province.required': {
    en: 'Please select a province',
    fr: 'Veuillez sélectionner une province',
  },
  'province.invalidChoice': {
    en: 'Please select a province',
    fr: 'Veuillez sélectionner une province',
  },
  'postalCode.required': {
    en: 'Postal code is required',
    fr: 'Le code postal est obligatoire',
  },
  'postalCode.invalid': {
    en: 'Please enter a valid postal code',
    fr: 'Veuillez entrer un code postal valide',
  },
  'country.required': { en: 'Country is required', fr: 'Le pays est obligatoire' },
  'country.tooLong': {
    en: `Country must be at most ${PLACE_NAME.maxLength} characters`,
    fr: `Le pays doit compter au plus ${PLACE_NAME.maxLength} caractères`,
  },
  'country.invalidCharacters': {
    en: 'Country contains invalid characters',
    fr: 'Le pays contient des caractères non valides',
  },
  'phone.required': {
    en: 'Phone number is required',
    fr: 'Le numéro de téléphone est obligatoire',
  },
  'phone.invalid': {
    en: 'Please enter a valid North American phone number (10 or 11 digits)',
    fr: 'Veuillez entrer un numéro de téléphone nord-américain valide (10 ou 11 chiffres)',
  },
  'email.required': { en: 'Email is required', fr: 'L’adresse courriel est obligatoire' },
  'email.invalid': { en: 'Invalid Email format', fr: 'Format de courriel non valide' },
  'password.required': { en: 'Password is required', fr: 'Le mot de passe est obligatoire' },
  'password.tooShort': {
    en: `Password must be at least ${PASSWORD.minLength} characters`,
    fr: `Le mot de passe doit compter au moins ${PASSWORD.minLength} caractères`,
  },
  'password.tooLong': {
    en: `Password must be at most ${PASSWORD.maxLength} characters`,
    fr: `Le mot de passe doit compter au plus ${PASSWORD.maxLength} caractères`,
  },
  'password.noUppercase': {
    en: 'Password must contain at least one uppercase letter',
    fr: 'Le mot de passe doit contenir au moins une lettre majuscule',
  },
  'password.noLowercase': {
    en: 'Password must contain at least one lowercase letter',
    fr: 'Le mot de passe doit contenir au moins une lettre minuscule',
  },
  'password.noDigit': {
    en: 'Password must contain at least one number',
    fr: 'Le mot de passe doit contenir au moins un chiffre',
  },
  'password.noSpecial': {
    en: `Password must contain at least one special character: ${PASSWORD.specialCharacters}`,
    fr: `Le mot de passe doit contenir au moins un caractère spécial : ${PASSWORD.specialCharacters}`,
  },
  'password.tooFewUnique': {
    en: `Password must contain at least ${PASSWORD.minUniqueCharacters} different characters`,
    fr: `Le mot de passe doit contenir au moins ${PASSWORD.minUniqueCharacters} caractères différents`,
  },
  'password.repeatedCharacters': {
    en: 'Password cannot contain the same character more than twice in a row',
    fr: 'Le mot de passe ne peut pas contenir le même caractère plus de deux fois de suite',
  },
  'password.containsPassword': {
    en: 'Password cannot contain the word "password"',
    fr: 'Le mot de passe ne peut pas contenir le mot « password »',
  },
  'password.confirmRequired': {
    en: 'Please re-enter your password',
    fr: 'Veuillez entrer de nouveau votre mot de passe',
  },
  'password.mismatch': {
    en: 'Passwords do not match',
    fr: 'Les mots de passe ne correspondent pas',
  },
  'password.sameAsCurrent': {
    en: 'The new password must be different from the current password',
    fr: 'Le nouveau mot de passe doit être différent du mot de passe actuel',
  },
  'currentPassword.required': {
    en: 'Current password is required',
    fr: 'Le mot de passe actuel est obligatoire',
  },
  'currentPassword.incorrect': {
    en: 'Current password is incorrect',
    fr: 'Le mot de passe actuel est incorrect',
  },
  'termsAccepted.required': {
    en: 'You must accept the terms of service to create a profile',
    fr: 'Vous devez accepter les conditions d’utilisation pour créer un profil',
  },
  'language.invalidChoice': {
    en: 'Please choose English or French',
    fr: 'Veuillez choisir le français ou l’anglais',
  },
  'otp.required': { en: 'Please enter the code', fr: 'Veuillez entrer le code' },
  'otp.invalidFormat': {
    en: 'The code has 6 digits',
    fr: 'Le code compte 6 chiffres',
  },
  'verificationCode.required': {
    en: 'Please enter the verification code',
    fr: 'Veuillez entrer le code de vérification',
  },
  'verificationCode.invalidFormat': {
    en: 'The verification code has 8 letters and digits',
    fr: 'Le code de vérification compte 8 lettres et chiffres',
  },
  'recoveryCode.required': {
    en: 'Please enter the recovery code',
    fr: 'Veuillez entrer le code de récupération',
  },
  'recoveryCode.invalidFormat': {
    en: 'The recovery code has 6 letters and digits',
    fr: 'Le code de récupération compte 6 lettres et chiffres',
  },
} as const satisfies Record<string, BilingualMessage>;

function nameMessages<F extends 'firstName' | 'lastName'>(
  field: F,
  label: { readonly en: string; readonly fr: string },
) {
  return {
    [`${field}.required`]: { en: `${label.en} is required`, fr: `${label.fr} est obligatoire` },
    [`${field}.edgeSpaces`]: {
      en: `${label.en} cannot start or end with a space`,
      fr: `${label.fr} ne peut pas commencer ni se terminer par une espace`,
    },
    [`${field}.tooShort`]: {
      en: `${label.en} must be at least ${NAME.minLength} characters`,
      fr: `${label.fr} doit compter au moins ${NAME.minLength} caractères`,
    },
    [`${field}.tooLong`]: {
      en: `${label.en} must be at most ${NAME.maxLength} characters`,
      fr: `${label.fr} doit compter au plus ${NAME.maxLength} caractères`,
    },
    [`${field}.invalidCharacters`]: {
      en: `${label.en} can contain only letters, spaces, hyphens and apostrophes`,
      fr: `${label.fr} ne peut contenir que des lettres, des espaces, des traits d’union et des apostrophes`,
    },
    [`${field}.noLetter`]: {
      en: `${label.en} must contain at least one letter`,
      fr: `${label.fr} doit contenir au moins une lettre`,
    },
  } as Record<
    `${F}.${'required' | 'edgeSpaces' | 'tooShort' | 'tooLong' | 'invalidCharacters' | 'noLetter'}`,
    BilingualMessage
  >;
}

/**
 * The words of the flow answers (spec §8): what the sign-in, verification, registration and
 * reset screens show for a status, and for a refused (429) request.
 */
export const IDENTITY_OUTCOME_MESSAGES = {
  'signIn.invalidCredentials': {
    en: 'The email or password is incorrect.',
    fr: 'L’adresse courriel ou le mot de passe est incorrect.',
  },
  'signIn.lockedOut': {
    en: 'Too many attempts. For your security, sign-in is blocked for {minutes} minutes.',
    fr: 'Trop de tentatives. Pour votre sécurité, la connexion est bloquée pendant {minutes} minutes.',
  },
  'signIn.flowExpired': {
    en: 'Your sign-in has expired. Please start again.',
    fr: 'Votre connexion a expiré. Veuillez recommencer.',
  },
  'mfa.invalidCode': {
    en: 'The code is incorrect. Please try again.',
    fr: 'Le code est incorrect. Veuillez réessayer.',
  },
  'mfa.codeExpired': {
    en: 'This code has expired or can no longer be used. Please ask for a new one.',
    fr: 'Ce code est expiré ou ne peut plus être utilisé. Veuillez en demander un nouveau.',
  },
  'addUser.accountExists': {
    en: 'An account already exists for this email address.',
    fr: 'Un compte existe déjà pour cette adresse courriel.',
  },
  'resetPassword.invalidCode': {
    en: 'The recovery code is incorrect or has expired.',
    fr: 'Le code de récupération est incorrect ou expiré.',
  },
  'resetPassword.codeSent': {
    en: 'If an account exists for this email address, we have sent it a recovery code.',
    fr: 'Si un compte existe pour cette adresse courriel, nous lui avons envoyé un code de récupération.',
  },
  'password.changed': {
    en: 'Password changed successfully',
    fr: 'Le mot de passe a été modifié',
  },
  'rateLimited.tooManyRequests': {
    en: 'Too many attempts. Please wait {seconds} seconds and try again.',
    fr: 'Trop de tentatives. Veuillez patienter {seconds} secondes, puis réessayer.',
  },
  'rateLimited.resendCooldown': {
    en: 'Please wait {seconds} seconds before asking for a new code.',
    fr: 'Veuillez patienter {seconds} secondes avant de demander un nouveau code.',
  },
} as const satisfies Record<string, BilingualMessage>;

export type IdentityFieldCode = keyof typeof IDENTITY_FIELD_MESSAGES;
export type IdentityOutcomeCode = keyof typeof IDENTITY_OUTCOME_MESSAGES;
export type IdentityMessageCode = IdentityFieldCode | IdentityOutcomeCode;

const IDENTITY_MESSAGES: Record<IdentityMessageCode, BilingualMessage> = {
  ...IDENTITY_FIELD_MESSAGES,
  ...IDENTITY_OUTCOME_MESSAGES,
};

export function isIdentityMessageCode(code: string): code is IdentityMessageCode {
  return Object.hasOwn(IDENTITY_MESSAGES, code);
}

/** The text of a code in a language, with `{name}` placeholders filled from params. */
export function identityMessage(
  code: IdentityMessageCode,
  lang: Language = 'en',
  params: Readonly<Record<string, string | number>> = {},
): string {
  return IDENTITY_MESSAGES[code][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}
