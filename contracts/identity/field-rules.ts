/**
 * Field rules of the customer identity forms (customer spec §5 and §9), written once. The
 * server's zod schemas and the browser's valibot schemas are both built from these.
 */

/**
 * A letter of any script with the marks that belong to it (Ç, ễ, 王, ا): names and places are
 * written as people write them (decision 116). Patterns using it need the `u` flag.
 */
const LETTER = '\\p{L}\\p{M}';

/** Lengths count what a reader sees as one character (a grapheme cluster: "ễ" is one). */
export function graphemeCount(value: string): number {
  let count = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(value)) {
    count += 1;
  }
  return count;
}

export const NAME = {
  minLength: 2,
  maxLength: 50,
  pattern: new RegExp(`^[${LETTER}' ’-]+$`, 'u'),
  letter: /\p{L}/u,
  /** One ideograph is a whole given or family name (伟, 王): the minimum does not apply to it. */
  singleIdeograph: /^\p{Script=Han}$/u,
} as const;

export const DATE_OF_BIRTH = {
  pattern: /^(\d{4})-(\d{2})-(\d{2})$/,
  minYear: 1900,
  maxYear: 2100,
  minimumAge: 18,
} as const;

/** The spec names no format: the same characters as an address, plus the apostrophe and &. */
export const FINANCIAL_INSTITUTION = {
  maxLength: 50,
  pattern: new RegExp(`^[${LETTER}0-9 .,#/'’&-]+$`, 'u'),
} as const;

/**
 * The institution whose credit products this portal insures: registration shows it filled
 * in and disabled (customer spec §2, Registration).
 */
export const PORTAL_FINANCIAL_INSTITUTION = 'Banque Exemple';

/** Letters, digits, accents, spaces and - . , # / only (spec §5, Profile). */
export const ADDRESS = { pattern: new RegExp(`^[${LETTER}0-9 .,#/-]+$`, 'u') } as const;

/**
 * Registration allows 60; the profile validators read 40 and 100. We take 100 in the
 * profile so that no address accepted at registration is refused later (ADR 014).
 */
export const ADDRESS_LINE1 = { registrationMaxLength: 60, profileMaxLength: 100 } as const;
export const ADDRESS_LINE2 = { maxLength: 40 } as const;

/** A city or a country: the spec gives only the length; the characters are what place names use. */
export const PLACE_NAME = {
  maxLength: 50,
  pattern: new RegExp(`^[${LETTER} .'’-]+$`, 'u'),
} as const;

export const PROVINCES = [
  'AB',
  'BC',
  'MB',
  'NB',
  'NL',
  'NS',
  'ON',
  'PE',
  'QC',
  'SK',
  'NT',
  'NU',
  'YT',
] as const;
export type Province = (typeof PROVINCES)[number];

/** Letter, digit, letter, an optional space or hyphen, digit, letter, digit. Stored as `A1A 1A1`. */
export const POSTAL_CODE = { pattern: /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/ } as const;

/** 10 digits, or 11 starting with 1; the usual separators may be typed. Stored as digits. */
export const PHONE = {
  characters: /^[0-9 ()+.-]+$/,
  digits: /^(1?)(\d{10})$/,
} as const;

export const EMAIL = {
  maxLength: 254,
  pattern: /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/,
} as const;

export const PASSWORD = {
  minLength: 8,
  maxLength: 30,
  specialCharacters: '~!@#$%^&*()-_=+[]{}|;:,.<>/?',
  minUniqueCharacters: 5,
  /** The longest run of one character allowed: `aa` passes, `aaa` does not. */
  maxRun: 2,
  forbiddenWord: 'password',
} as const;

/** The 6-digit code mailed at sign-in. */
export const SIGN_IN_CODE = { length: 6, alphabet: '0123456789', pattern: /^\d{6}$/ } as const;

/**
 * The 8-character code that confirms an email at registration. Mailed in lower case, and
 * lower-cased before the check, so case never matters. No 0/o, 1/l/i look-alikes.
 */
export const VERIFICATION_CODE = {
  length: 8,
  alphabet: 'abcdefghjkmnpqrstuvwxyz23456789',
  pattern: /^[A-Za-z0-9]{8}$/,
} as const;

/** The 6-character recovery code of a password reset, compared upper-cased. */
export const RECOVERY_CODE = {
  length: 6,
  alphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789',
  pattern: /^[A-Za-z0-9]{6}$/,
} as const;

/** `cn`: Simplified Chinese, which the jupiter tenant offers. */
const LANGUAGES = ['en', 'fr', 'cn'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What a form or the spec's account-creation call may send as the language. */
export const LANGUAGE_INPUTS = ['en', 'fr', 'en-CA', 'fr-CA', 'cn', 'zh-Hans', 'zh-CN'] as const;
export function toLanguage(input: string | undefined): Language {
  const lowered = input?.toLowerCase() ?? '';
  if (lowered.startsWith('fr')) return 'fr';
  return lowered === 'cn' || lowered.startsWith('zh') ? 'cn' : 'en';
}
