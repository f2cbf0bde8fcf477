import type { CustomerMessage } from '../claims/messages';
import { ADDRESS_LINE2, NAME, PASSWORD, PLACE_NAME, FINANCIAL_INSTITUTION } from './field-rules';
import type { Language } from './field-rules';
import { IDENTITY_OUTCOME_MESSAGES } from './outcome-messages';

export { IDENTITY_OUTCOME_MESSAGES };

/**
 * The words of every identity field error, keyed by the stable `code` a FieldError carries,
 * in English and French. `{name}` placeholders are filled from the error's params.
 * Wording quoted by the spec (§5) is kept as is; the rest is ours.
 */
export const IDENTITY_FIELD_MESSAGES = {
  'request.invalid': {
    en: 'The request is not valid',
    fr: 'La requête n’est pas valide',
    cn: '请求无效',
  },
  ...nameMessages('firstName', { en: 'First name', fr: 'Le prénom', cn: '名字' }),
  ...nameMessages('lastName', { en: 'Last name', fr: 'Le nom de famille', cn: '姓氏' }),
  'dateOfBirth.required': {
    en: 'Date of birth is required',
    fr: 'La date de naissance est obligatoire',
    cn: '请输入出生日期',
  },
  'dateOfBirth.invalid': {
    en: 'Please enter a valid date (YYYY-MM-DD)',
    fr: 'Veuillez entrer une date valide (AAAA-MM-JJ)',
    cn: '请输入有效日期（YYYY-MM-DD）',
  },
  'dateOfBirth.yearOutOfRange': {
    en: 'The year must be between 1900 and 2100',
    fr: 'L’année doit être comprise entre 1900 et 2100',
    cn: '年份必须在 1900 至 2100 之间',
  },
  'dateOfBirth.underAge': {
    en: 'User must be at least 18 years old to create a profile',
    fr: 'L’utilisateur doit avoir au moins 18 ans pour créer un profil',
    cn: '用户必须年满 18 岁才能创建个人资料',
  },
  'financialInstitution.required': {
    en: 'Financial institution is required',
    fr: 'L’institution financière est obligatoire',
    cn: '请输入金融机构',
  },
  'financialInstitution.tooLong': {
    en: `Financial institution must be at most ${FINANCIAL_INSTITUTION.maxLength} characters`,
    fr: `L’institution financière doit compter au plus ${FINANCIAL_INSTITUTION.maxLength} caractères`,
    cn: `金融机构最多 ${FINANCIAL_INSTITUTION.maxLength} 个字符`,
  },
  'financialInstitution.invalidCharacters': {
    en: 'Financial institution contains invalid characters',
    fr: 'L’institution financière contient des caractères non valides',
    cn: '金融机构包含无效字符',
  },
  'addressLine1.required': {
    en: 'Address is required',
    fr: 'L’adresse est obligatoire',
    cn: '请输入地址',
  },
  'addressLine1.tooLong': {
    en: 'Address must be at most {max} characters',
    fr: 'L’adresse doit compter au plus {max} caractères',
    cn: '地址最多 {max} 个字符',
  },
  'addressLine1.invalidCharacters': {
    en: 'Address contains invalid characters',
    fr: 'L’adresse contient des caractères non valides',
    cn: '地址包含无效字符',
  },
  'addressLine2.tooLong': {
    en: `Address line 2 must be at most ${ADDRESS_LINE2.maxLength} characters`,
    fr: `La ligne d’adresse 2 doit compter au plus ${ADDRESS_LINE2.maxLength} caractères`,
    cn: `地址第 2 行最多 ${ADDRESS_LINE2.maxLength} 个字符`,
  },
  'addressLine2.invalidCharacters': {
    en: 'Address contains invalid characters',
    fr: 'L’adresse contient des caractères non valides',
    cn: '地址包含无效字符',
  },
  'city.required': {
    en: 'City is required',
    fr: 'La ville est obligatoire',
    cn: '请输入城市',
  },
  'city.tooLong': {
    en: `City must be at most ${PLACE_NAME.maxLength} characters`,
    fr: `La ville doit compter au plus ${PLACE_NAME.maxLength} caractères`,
    cn: `城市最多 ${PLACE_NAME.maxLength} 个字符`,
  },
  'city.invalidCharacters': {
    en: 'City contains invalid characters',
    fr: 'La ville contient des caractères non valides',
    cn: '城市包含无效字符',
  },
  'province.required': {
    en: 'Please select a province',
    fr: 'Veuillez sélectionner une province',
    cn: '请选择省份',
  },
  'province.invalidChoice': {
    en: 'Please select a province',
    fr: 'Veuillez sélectionner une province',
    cn: '请选择省份',
  },
  'postalCode.required': {
    en: 'Postal code is required',
    fr: 'Le code postal est obligatoire',
    cn: '请输入邮政编码',
  },
  'postalCode.invalid': {
    en: 'Please enter a valid postal code',
    fr: 'Veuillez entrer un code postal valide',
    cn: '请输入有效的邮政编码',
  },
  'country.required': {
    en: 'Country is required',
    fr: 'Le pays est obligatoire',
    cn: '请输入国家',
  },
  'country.tooLong': {
    en: `Country must be at most ${PLACE_NAME.maxLength} characters`,
    fr: `Le pays doit compter au plus ${PLACE_NAME.maxLength} caractères`,
    cn: `国家最多 ${PLACE_NAME.maxLength} 个字符`,
  },
  'country.invalidCharacters': {
    en: 'Country contains invalid characters',
    fr: 'Le pays contient des caractères non valides',
    cn: '国家包含无效字符',
  },
  'phone.required': {
    en: 'Phone number is required',
    fr: 'Le numéro de téléphone est obligatoire',
    cn: '请输入电话号码',
  },
  'phone.invalid': {
    en: 'Please enter a valid North American phone number (10 or 11 digits)',
    fr: 'Veuillez entrer un numéro de téléphone nord-américain valide (10 ou 11 chiffres)',
    cn: '请输入有效的北美电话号码（10 或 11 位数字）',
  },
  'email.required': {
    en: 'Email is required',
    fr: 'L’adresse courriel est obligatoire',
    cn: '请输入电子邮箱',
  },
  'email.invalid': {
    en: 'Invalid Email format',
    fr: 'Format de courriel non valide',
    cn: '电子邮箱格式无效',
  },
  'email.invisible': {
    en: 'The email address contains an invisible character. Please type it again.',
    fr: 'L’adresse courriel contient un caractère invisible. Veuillez la saisir de nouveau.',
    cn: '电子邮箱包含不可见字符。请重新输入。',
  },
  'email.mixedScripts': {
    en: 'The email address mixes letters of different alphabets (such as Latin and Cyrillic). Please check it.',
    fr: 'L’adresse courriel mêle des lettres de plusieurs alphabets (comme le latin et le cyrillique). Veuillez la vérifier.',
    cn: '电子邮箱混用了不同文字的字母（例如拉丁字母和西里尔字母）。请检查。',
  },
  'password.required': {
    en: 'Password is required',
    fr: 'Le mot de passe est obligatoire',
    cn: '请输入密码',
  },
  'password.tooShort': {
    en: `Password must be at least ${PASSWORD.minLength} characters`,
    fr: `Le mot de passe doit compter au moins ${PASSWORD.minLength} caractères`,
    cn: `密码至少 ${PASSWORD.minLength} 个字符`,
  },
  'password.tooLong': {
    en: `Password must be at most ${PASSWORD.maxLength} characters`,
    fr: `Le mot de passe doit compter au plus ${PASSWORD.maxLength} caractères`,
    cn: `密码最多 ${PASSWORD.maxLength} 个字符`,
  },
  'password.noUppercase': {
    en: 'Password must contain at least one uppercase letter',
    fr: 'Le mot de passe doit contenir au moins une lettre majuscule',
    cn: '密码必须至少包含一个大写字母',
  },
  'password.noLowercase': {
    en: 'Password must contain at least one lowercase letter',
    fr: 'Le mot de passe doit contenir au moins une lettre minuscule',
    cn: '密码必须至少包含一个小写字母',
  },
  'password.noDigit': {
    en: 'Password must contain at least one number',
    fr: 'Le mot de passe doit contenir au moins un chiffre',
    cn: '密码必须至少包含一个数字',
  },
  'password.noSpecial': {
    en: `Password must contain at least one special character: ${PASSWORD.specialCharacters}`,
    fr: `Le mot de passe doit contenir au moins un caractère spécial : ${PASSWORD.specialCharacters}`,
    cn: `密码必须至少包含一个特殊字符：${PASSWORD.specialCharacters}`,
  },
  'password.tooFewUnique': {
    en: `Password must contain at least ${PASSWORD.minUniqueCharacters} different characters`,
    fr: `Le mot de passe doit contenir au moins ${PASSWORD.minUniqueCharacters} caractères différents`,
    cn: `密码必须至少包含 ${PASSWORD.minUniqueCharacters} 个不同的字符`,
  },
  'password.repeatedCharacters': {
    en: 'Password cannot contain the same character more than twice in a row',
    fr: 'Le mot de passe ne peut pas contenir le même caractère plus de deux fois de suite',
    cn: '同一字符在密码中连续出现不得超过两次',
  },
  'password.containsPassword': {
    en: 'Password cannot contain the word "password"',
    fr: 'Le mot de passe ne peut pas contenir le mot « password »',
    cn: '密码不得包含“password”一词',
  },
  'password.confirmRequired': {
    en: 'Please re-enter your password',
    fr: 'Veuillez entrer de nouveau votre mot de passe',
    cn: '请再次输入密码',
  },
  'password.mismatch': {
    en: 'Passwords do not match',
    fr: 'Les mots de passe ne correspondent pas',
    cn: '两次输入的密码不一致',
  },
  'password.sameAsCurrent': {
    en: 'The new password must be different from the current password',
    fr: 'Le nouveau mot de passe doit être différent du mot de passe actuel',
    cn: '新密码必须与当前密码不同',
  },
  'currentPassword.required': {
    en: 'Current password is required',
    fr: 'Le mot de passe actuel est obligatoire',
    cn: '请输入当前密码',
  },
  'currentPassword.incorrect': {
    en: 'Current password is incorrect',
    fr: 'Le mot de passe actuel est incorrect',
    cn: '当前密码不正确',
  },
  'termsAccepted.required': {
    en: 'You must accept the terms of service to create a profile',
    fr: 'Vous devez accepter les conditions d’utilisation pour créer un profil',
    cn: '您必须接受服务条款才能创建个人资料',
  },
  'language.invalidChoice': {
    en: 'Please choose English or French',
    fr: 'Veuillez choisir le français ou l’anglais',
    cn: '请选择英语、法语或中文',
  },
  'otp.required': {
    en: 'Please enter the code',
    fr: 'Veuillez entrer le code',
    cn: '请输入验证码',
  },
  'otp.invalidFormat': {
    en: 'The code has 6 digits',
    fr: 'Le code compte 6 chiffres',
    cn: '验证码为 6 位数字',
  },
  'verificationCode.required': {
    en: 'Please enter the verification code',
    fr: 'Veuillez entrer le code de vérification',
    cn: '请输入验证码',
  },
  'verificationCode.invalidFormat': {
    en: 'The verification code has 8 letters and digits',
    fr: 'Le code de vérification compte 8 lettres et chiffres',
    cn: '验证码为 8 个字母和数字',
  },
  'recoveryCode.required': {
    en: 'Please enter the recovery code',
    fr: 'Veuillez entrer le code de récupération',
    cn: '请输入恢复码',
  },
  'recoveryCode.invalidFormat': {
    en: 'The recovery code has 6 letters and digits',
    fr: 'Le code de récupération compte 6 lettres et chiffres',
    cn: '恢复码为 6 个字母和数字',
  },
} as const satisfies Record<string, CustomerMessage>;

function nameMessages<F extends 'firstName' | 'lastName'>(
  field: F,
  label: { readonly en: string; readonly fr: string; readonly cn: string },
) {
  return {
    [`${field}.required`]: {
      en: `${label.en} is required`,
      fr: `${label.fr} est obligatoire`,
      cn: `请输入${label.cn}`,
    },
    [`${field}.edgeSpaces`]: {
      en: `${label.en} cannot start or end with a space`,
      fr: `${label.fr} ne peut pas commencer ni se terminer par une espace`,
      cn: `${label.cn}的开头和结尾不能有空格`,
    },
    [`${field}.tooShort`]: {
      en: `${label.en} must be at least ${NAME.minLength} characters`,
      fr: `${label.fr} doit compter au moins ${NAME.minLength} caractères`,
      cn: `${label.cn}至少 ${NAME.minLength} 个字符`,
    },
    [`${field}.tooLong`]: {
      en: `${label.en} must be at most ${NAME.maxLength} characters`,
      fr: `${label.fr} doit compter au plus ${NAME.maxLength} caractères`,
      cn: `${label.cn}最多 ${NAME.maxLength} 个字符`,
    },
    [`${field}.invalidCharacters`]: {
      en: `${label.en} can contain only letters, spaces, hyphens and apostrophes`,
      fr: `${label.fr} ne peut contenir que des lettres, des espaces, des traits d’union et des apostrophes`,
      cn: `${label.cn}只能包含字母、空格、连字符和撇号`,
    },
    [`${field}.noLetter`]: {
      en: `${label.en} must contain at least one letter`,
      fr: `${label.fr} doit contenir au moins une lettre`,
      cn: `${label.cn}必须至少包含一个字母`,
    },
  } as Record<
    `${F}.${'required' | 'edgeSpaces' | 'tooShort' | 'tooLong' | 'invalidCharacters' | 'noLetter'}`,
    CustomerMessage
  >;
}

export type IdentityFieldCode = keyof typeof IDENTITY_FIELD_MESSAGES;
type IdentityOutcomeCode = keyof typeof IDENTITY_OUTCOME_MESSAGES;
export type IdentityMessageCode = IdentityFieldCode | IdentityOutcomeCode;

const IDENTITY_MESSAGES: Record<IdentityMessageCode, CustomerMessage> = {
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
