import {
  ADDRESS,
  ADDRESS_LINE1,
  ADDRESS_LINE2,
  DATE_OF_BIRTH,
  EMAIL,
  FINANCIAL_INSTITUTION,
  graphemeCount,
  NAME,
  PASSWORD,
  PLACE_NAME,
  PHONE,
  POSTAL_CODE,
  PROVINCES,
  RECOVERY_CODE,
  SIGN_IN_CODE,
  VERIFICATION_CODE,
} from './field-rules';
import { canonicalEmail, type EmailRefusal, emailLookupKey } from './canonical-email';
import type { FieldRule, RuleParams, TextFieldSpec } from './field-checks';
import type { IdentityFieldCode } from './messages';

/** Each identity field's rules, in the order they are checked (spec §5). */

const length = (value: string) => [...value].length;
const maxLength = (code: IdentityFieldCode, max: number, params?: RuleParams): FieldRule => ({
  code,
  ...(params ? { params } : {}),
  valid: (value) => length(value) <= max,
});
const matches = (code: IdentityFieldCode, pattern: RegExp): FieldRule => ({
  code,
  valid: (value) => pattern.test(value),
});

function nameField(field: 'firstName' | 'lastName'): TextFieldSpec {
  return {
    required: `${field}.required`,
    trim: false,
    rules: [
      { code: `${field}.edgeSpaces`, valid: (value) => value === value.trim() },
      {
        code: `${field}.tooShort`,
        valid: (value) =>
          graphemeCount(value) >= NAME.minLength || NAME.singleIdeograph.test(value),
      },
      { code: `${field}.tooLong`, valid: (value) => graphemeCount(value) <= NAME.maxLength },
      matches(`${field}.invalidCharacters`, NAME.pattern),
      matches(`${field}.noLetter`, NAME.letter),
    ],
  };
}

export const FIRST_NAME = nameField('firstName');
export const LAST_NAME = nameField('lastName');

function dateParts(value: string): { year: number; month: number; day: number } | undefined {
  const parts = DATE_OF_BIRTH.pattern.exec(value);
  if (!parts) return undefined;
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** The 18th birthday as YYYY-MM-DD; a 29 February birth comes of age on 1 March. */
function comingOfAge(value: string): string {
  const { year, month, day } = dateParts(value) as NonNullable<ReturnType<typeof dateParts>>;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year + DATE_OF_BIRTH.minimumAge}-${pad(month)}-${pad(day)}`;
}

export const DATE_OF_BIRTH_FIELD: TextFieldSpec = {
  required: 'dateOfBirth.required',
  trim: true,
  rules: [
    { code: 'dateOfBirth.invalid', valid: (value) => dateParts(value) !== undefined },
    {
      code: 'dateOfBirth.yearOutOfRange',
      valid: (value) => {
        const year = Number(value.slice(0, 4));
        return year >= DATE_OF_BIRTH.minYear && year <= DATE_OF_BIRTH.maxYear;
      },
    },
    { code: 'dateOfBirth.underAge', valid: (value, today) => comingOfAge(value) <= today },
  ],
};

export const FINANCIAL_INSTITUTION_FIELD: TextFieldSpec = {
  required: 'financialInstitution.required',
  trim: true,
  rules: [
    maxLength('financialInstitution.tooLong', FINANCIAL_INSTITUTION.maxLength),
    matches('financialInstitution.invalidCharacters', FINANCIAL_INSTITUTION.pattern),
  ],
};

function addressLine1(max: number): TextFieldSpec {
  return {
    required: 'addressLine1.required',
    trim: true,
    rules: [
      maxLength('addressLine1.tooLong', max, { max }),
      matches('addressLine1.invalidCharacters', ADDRESS.pattern),
    ],
  };
}

export const ADDRESS_LINE1_AT_REGISTRATION = addressLine1(ADDRESS_LINE1.registrationMaxLength);
export const ADDRESS_LINE1_IN_PROFILE = addressLine1(ADDRESS_LINE1.profileMaxLength);

export const ADDRESS_LINE2_FIELD: TextFieldSpec = {
  // Optional: this code only answers a value that is not text at all.
  required: 'addressLine2.invalidCharacters',
  optional: true,
  trim: true,
  rules: [
    maxLength('addressLine2.tooLong', ADDRESS_LINE2.maxLength),
    matches('addressLine2.invalidCharacters', ADDRESS.pattern),
  ],
};

export const CITY_FIELD: TextFieldSpec = {
  required: 'city.required',
  trim: true,
  rules: [
    maxLength('city.tooLong', PLACE_NAME.maxLength),
    matches('city.invalidCharacters', PLACE_NAME.pattern),
  ],
};

export const COUNTRY_FIELD: TextFieldSpec = {
  required: 'country.required',
  trim: true,
  rules: [
    maxLength('country.tooLong', PLACE_NAME.maxLength),
    matches('country.invalidCharacters', PLACE_NAME.pattern),
  ],
};

export const PROVINCE_FIELD: TextFieldSpec = {
  required: 'province.required',
  trim: true,
  rules: [
    // The rule lists upper-case codes and the form only sends those; `qc` is no province code.
    {
      code: 'province.invalidChoice',
      valid: (value) => (PROVINCES as readonly string[]).includes(value),
    },
  ],
};

export const POSTAL_CODE_FIELD: TextFieldSpec = {
  required: 'postalCode.required',
  trim: true,
  rules: [matches('postalCode.invalid', POSTAL_CODE.pattern)],
  normalize: (value) => {
    const compact = value.replace(/[ -]/, '').toUpperCase();
    return `${compact.slice(0, 3)} ${compact.slice(3)}`;
  },
};

const phoneDigits = (value: string) => value.replace(/\D/g, '');

export const PHONE_FIELD: TextFieldSpec = {
  required: 'phone.required',
  trim: true,
  rules: [
    {
      code: 'phone.invalid',
      valid: (value) => PHONE.characters.test(value) && PHONE.digits.test(phoneDigits(value)),
    },
  ],
  normalize: phoneDigits,
};

/** A rule that holds unless the address's canonical form is refused for this reason. */
const notRefusedFor = (code: EmailRefusal): FieldRule => ({
  code,
  valid: (value) => {
    const canonical = canonicalEmail(value);
    return canonical.ok || canonical.refusal !== code;
  },
});

export const EMAIL_FIELD: TextFieldSpec = {
  required: 'email.required',
  trim: true,
  rules: [
    notRefusedFor('email.invisible'),
    notRefusedFor('email.mixedScripts'),
    maxLength('email.invalid', EMAIL.maxLength),
    // Read as NFKC, as its canonical form is: a full-width ＠ is an @.
    { code: 'email.invalid', valid: (value) => EMAIL.pattern.test(value.normalize('NFKC')) },
    notRefusedFor('email.invalid'),
  ],
  // One inbox, one form: accounts, limits and search all meet on it (decision 117).
  normalize: emailLookupKey,
};

/** Sign-in checks only that something was typed: a format error would tell nothing useful. */
export const SIGN_IN_EMAIL_FIELD: TextFieldSpec = {
  required: 'email.required',
  trim: true,
  rules: [],
  normalize: emailLookupKey,
};

const longestRun = (value: string) => {
  let longest = 0;
  let run = 0;
  let previous = '';
  for (const character of value) {
    run = character === previous ? run + 1 : 1;
    previous = character;
    longest = Math.max(longest, run);
  }
  return longest;
};

/** In the order the requirements list shows them. */
const PASSWORD_RULES: readonly FieldRule[] = [
  { code: 'password.tooShort', valid: (value) => length(value) >= PASSWORD.minLength },
  maxLength('password.tooLong', PASSWORD.maxLength),
  matches('password.noUppercase', /\p{Lu}/u),
  matches('password.noLowercase', /\p{Ll}/u),
  matches('password.noDigit', /\d/),
  {
    code: 'password.noSpecial',
    valid: (value) => [...value].some((c) => PASSWORD.specialCharacters.includes(c)),
  },
  {
    code: 'password.tooFewUnique',
    valid: (value) => new Set(value).size >= PASSWORD.minUniqueCharacters,
  },
  { code: 'password.repeatedCharacters', valid: (value) => longestRun(value) <= PASSWORD.maxRun },
  {
    code: 'password.containsPassword',
    valid: (value) => !value.toLowerCase().includes(PASSWORD.forbiddenWord),
  },
];

/** Every password requirement the value misses, for the requirements checklist. */
export function passwordRuleFailures(password: string): IdentityFieldCode[] {
  return PASSWORD_RULES.filter((rule) => !rule.valid(password, '')).map((rule) => rule.code);
}

export const NEW_PASSWORD_FIELD: TextFieldSpec = {
  required: 'password.required',
  trim: false,
  rules: PASSWORD_RULES,
};

/** A password typed to prove who one is: only required, never held to today's rules. */
export const PASSWORD_PROOF_FIELD: TextFieldSpec = {
  required: 'password.required',
  trim: false,
  rules: [],
};

export const CURRENT_PASSWORD_FIELD: TextFieldSpec = {
  required: 'currentPassword.required',
  trim: false,
  rules: [],
};

export const CONFIRM_PASSWORD_FIELD: TextFieldSpec = {
  required: 'password.confirmRequired',
  trim: false,
  rules: [],
};

export const SIGN_IN_CODE_FIELD: TextFieldSpec = {
  required: 'otp.required',
  trim: true,
  rules: [matches('otp.invalidFormat', SIGN_IN_CODE.pattern)],
};

export const VERIFICATION_CODE_FIELD: TextFieldSpec = {
  required: 'verificationCode.required',
  trim: true,
  rules: [matches('verificationCode.invalidFormat', VERIFICATION_CODE.pattern)],
  normalize: (value) => value.toLowerCase(),
};

export const RECOVERY_CODE_FIELD: TextFieldSpec = {
  required: 'recoveryCode.required',
  trim: true,
  rules: [matches('recoveryCode.invalidFormat', RECOVERY_CODE.pattern)],
  normalize: (value) => value.toUpperCase(),
};
