import { describe, expect, it } from 'vitest';
import {
  FORGOT_PASSWORD_FIELDS,
  PASSWORD_CHANGE_FIELDS,
  PROFILE_UPDATE_FIELDS,
  REGISTRATION_FIELDS,
  RESET_PASSWORD_FIELDS,
  SIGN_IN_CODE_FIELDS,
  SIGN_IN_FIELDS,
  VERIFICATION_FIELDS,
} from './form-fields';
import {
  checkIdentityForm,
  forgotPasswordFormSchema,
  passwordChangeFormSchema,
  profileUpdateFormSchema,
  registrationFormSchema,
  resetPasswordFormSchema,
  signInCodeFormSchema,
  signInFormSchema,
  verificationFormSchema,
} from './identity-forms';
import {
  forgotPasswordRequestSchema,
  passwordChangeRequestSchema,
  profileUpdateRequestSchema,
  registrationRequestSchema,
  resetPasswordRequestSchema,
  signInCodeRequestSchema,
  signInRequestSchema,
  verificationRequestSchema,
} from './identity-requests';
import { identityMessage, isIdentityMessageCode } from './messages';
import { checkOnBothSides, type FormUnderTest } from './testing/form-check';
import { profileUpdateBody, registrationBody, VALID_PASSWORD } from './testing/identity-fixtures';

const NOW = new Date('2026-03-02T12:00:00Z');

const FORMS = {
  registration: {
    server: registrationRequestSchema,
    browser: registrationFormSchema,
    fields: REGISTRATION_FIELDS,
  },
  profile: {
    server: profileUpdateRequestSchema,
    browser: profileUpdateFormSchema,
    fields: PROFILE_UPDATE_FIELDS,
  },
  passwordChange: {
    server: passwordChangeRequestSchema,
    browser: passwordChangeFormSchema,
    fields: PASSWORD_CHANGE_FIELDS,
  },
  reset: {
    server: resetPasswordRequestSchema,
    browser: resetPasswordFormSchema,
    fields: RESET_PASSWORD_FIELDS,
  },
  signIn: { server: signInRequestSchema, browser: signInFormSchema, fields: SIGN_IN_FIELDS },
  signInCode: {
    server: signInCodeRequestSchema,
    browser: signInCodeFormSchema,
    fields: SIGN_IN_CODE_FIELDS,
  },
  verification: {
    server: verificationRequestSchema,
    browser: verificationFormSchema,
    fields: VERIFICATION_FIELDS,
  },
  forgot: {
    server: forgotPasswordRequestSchema,
    browser: forgotPasswordFormSchema,
    fields: FORGOT_PASSWORD_FIELDS,
  },
} satisfies Record<string, FormUnderTest>;

type FormName = keyof typeof FORMS;

const VALID_BODIES: Record<FormName, Record<string, unknown>> = {
  registration: registrationBody(),
  profile: profileUpdateBody(),
  passwordChange: {
    currentPassword: 'Old#Secret9',
    newPassword: VALID_PASSWORD,
    confirmPassword: VALID_PASSWORD,
  },
  reset: { recoveryCode: 'A7C2Q9', newPassword: VALID_PASSWORD, confirmPassword: VALID_PASSWORD },
  signIn: { email: 'marie@example.test', password: 'anything' },
  signInCode: { otp: '493817' },
  verification: { verificationCode: 'k3x9q2mz' },
  forgot: { email: 'marie@example.test' },
};

interface RuleCase {
  readonly form: FormName;
  readonly field: string;
  readonly value: unknown;
  readonly code: string;
  readonly en: string;
  readonly fr: string;
  /** Other fields changed with this one, so that only this rule breaks. */
  readonly also?: Record<string, unknown>;
}

const rule = (
  form: FormName,
  field: string,
  value: unknown,
  code: string,
  en: string,
  fr: string,
  also?: Record<string, unknown>,
): RuleCase => ({ form, field, value, code, en, fr, ...(also ? { also } : {}) });

const long = (count: number, unit = 'a') => unit.repeat(count);

/** Every rule of spec §5, one broken at a time, with its words in English and French. */
const RULES: readonly RuleCase[] = [
  rule(
    'registration',
    'firstName',
    '',
    'firstName.required',
    'First name is required',
    'Le prénom est obligatoire',
  ),
  rule(
    'registration',
    'firstName',
    ' Marie',
    'firstName.edgeSpaces',
    'First name cannot start or end with a space',
    'Le prénom ne peut pas commencer ni se terminer par une espace',
  ),
  rule(
    'registration',
    'firstName',
    'M',
    'firstName.tooShort',
    'First name must be at least 2 characters',
    'Le prénom doit compter au moins 2 caractères',
  ),
  rule(
    'registration',
    'firstName',
    long(51),
    'firstName.tooLong',
    'First name must be at most 50 characters',
    'Le prénom doit compter au plus 50 caractères',
  ),
  rule(
    'registration',
    'firstName',
    'Marie2',
    'firstName.invalidCharacters',
    'First name can contain only letters, spaces, hyphens and apostrophes',
    'Le prénom ne peut contenir que des lettres, des espaces, des traits d’union et des apostrophes',
  ),
  rule(
    'registration',
    'firstName',
    "-'",
    'firstName.noLetter',
    'First name must contain at least one letter',
    'Le prénom doit contenir au moins une lettre',
  ),
  rule(
    'registration',
    'lastName',
    '',
    'lastName.required',
    'Last name is required',
    'Le nom de famille est obligatoire',
  ),
  rule(
    'registration',
    'lastName',
    'Tremblay ',
    'lastName.edgeSpaces',
    'Last name cannot start or end with a space',
    'Le nom de famille ne peut pas commencer ni se terminer par une espace',
  ),
  rule(
    'registration',
    'lastName',
    'Tremblay_',
    'lastName.invalidCharacters',
    'Last name can contain only letters, spaces, hyphens and apostrophes',
    'Le nom de famille ne peut contenir que des lettres, des espaces, des traits d’union et des apostrophes',
  ),
  rule(
    'registration',
    'dateOfBirth',
    '',
    'dateOfBirth.required',
    'Date of birth is required',
    'La date de naissance est obligatoire',
  ),
  rule(
    'registration',
    'dateOfBirth',
    '02/04/1980',
    'dateOfBirth.invalid',
    'Please enter a valid date (YYYY-MM-DD)',
    'Veuillez entrer une date valide (AAAA-MM-JJ)',
  ),
  rule(
    'registration',
    'dateOfBirth',
    '1980-02-30',
    'dateOfBirth.invalid',
    'Please enter a valid date (YYYY-MM-DD)',
    'Veuillez entrer une date valide (AAAA-MM-JJ)',
  ),
  rule(
    'registration',
    'dateOfBirth',
    '1899-12-31',
    'dateOfBirth.yearOutOfRange',
    'The year must be between 1900 and 2100',
    'L’année doit être comprise entre 1900 et 2100',
  ),
  rule(
    'registration',
    'dateOfBirth',
    '2101-01-01',
    'dateOfBirth.yearOutOfRange',
    'The year must be between 1900 and 2100',
    'L’année doit être comprise entre 1900 et 2100',
  ),
  rule(
    'registration',
    'dateOfBirth',
    '2008-03-03',
    'dateOfBirth.underAge',
    'User must be at least 18 years old to create a profile',
    'L’utilisateur doit avoir au moins 18 ans pour créer un profil',
  ),
  rule(
    'registration',
    'financialInstitution',
    '',
    'financialInstitution.required',
    'Financial institution is required',
    'L’institution financière est obligatoire',
  ),
  rule(
    'registration',
    'financialInstitution',
    long(51),
    'financialInstitution.tooLong',
    'Financial institution must be at most 50 characters',
    'L’institution financière doit compter au plus 50 caractères',
  ),
  rule(
    'registration',
    'financialInstitution',
    'Bank <b>',
    'financialInstitution.invalidCharacters',
    'Financial institution contains invalid characters',
    'L’institution financière contient des caractères non valides',
  ),
  rule(
    'registration',
    'addressLine1',
    '',
    'addressLine1.required',
    'Address is required',
    'L’adresse est obligatoire',
  ),
  rule(
    'registration',
    'addressLine1',
    long(61),
    'addressLine1.tooLong',
    'Address must be at most 60 characters',
    'L’adresse doit compter au plus 60 caractères',
  ),
  rule(
    'registration',
    'addressLine1',
    '123 Main St; apt 4',
    'addressLine1.invalidCharacters',
    'Address contains invalid characters',
    'L’adresse contient des caractères non valides',
  ),
  rule(
    'registration',
    'addressLine2',
    long(41),
    'addressLine2.tooLong',
    'Address line 2 must be at most 40 characters',
    'La ligne d’adresse 2 doit compter au plus 40 caractères',
  ),
  rule(
    'registration',
    'addressLine2',
    'Apt @4',
    'addressLine2.invalidCharacters',
    'Address contains invalid characters',
    'L’adresse contient des caractères non valides',
  ),
  rule('registration', 'city', '', 'city.required', 'City is required', 'La ville est obligatoire'),
  rule(
    'registration',
    'city',
    long(51),
    'city.tooLong',
    'City must be at most 50 characters',
    'La ville doit compter au plus 50 caractères',
  ),
  rule(
    'registration',
    'city',
    'Montréal 2',
    'city.invalidCharacters',
    'City contains invalid characters',
    'La ville contient des caractères non valides',
  ),
  rule(
    'registration',
    'province',
    '',
    'province.required',
    'Please select a province',
    'Veuillez sélectionner une province',
  ),
  rule(
    'registration',
    'province',
    'XX',
    'province.invalidChoice',
    'Please select a province',
    'Veuillez sélectionner une province',
  ),
  rule(
    'registration',
    'province',
    'qc',
    'province.invalidChoice',
    'Please select a province',
    'Veuillez sélectionner une province',
  ),
  rule(
    'registration',
    'postalCode',
    '',
    'postalCode.required',
    'Postal code is required',
    'Le code postal est obligatoire',
  ),
  rule(
    'registration',
    'postalCode',
    '12345',
    'postalCode.invalid',
    'Please enter a valid postal code',
    'Veuillez entrer un code postal valide',
  ),
  rule(
    'registration',
    'postalCode',
    'H2X  1Y4',
    'postalCode.invalid',
    'Please enter a valid postal code',
    'Veuillez entrer un code postal valide',
  ),
  rule(
    'registration',
    'country',
    '',
    'country.required',
    'Country is required',
    'Le pays est obligatoire',
  ),
  rule(
    'registration',
    'country',
    long(51),
    'country.tooLong',
    'Country must be at most 50 characters',
    'Le pays doit compter au plus 50 caractères',
  ),
  rule(
    'registration',
    'country',
    'Canada!',
    'country.invalidCharacters',
    'Country contains invalid characters',
    'Le pays contient des caractères non valides',
  ),
  rule(
    'registration',
    'phone',
    '',
    'phone.required',
    'Phone number is required',
    'Le numéro de téléphone est obligatoire',
  ),
  rule(
    'registration',
    'phone',
    '555-0100',
    'phone.invalid',
    'Please enter a valid North American phone number (10 or 11 digits)',
    'Veuillez entrer un numéro de téléphone nord-américain valide (10 ou 11 chiffres)',
  ),
  rule(
    'registration',
    'phone',
    '2-514-555-0100',
    'phone.invalid',
    'Please enter a valid North American phone number (10 or 11 digits)',
    'Veuillez entrer un numéro de téléphone nord-américain valide (10 ou 11 chiffres)',
  ),
  rule(
    'registration',
    'phone',
    '514 555 0100 x2',
    'phone.invalid',
    'Please enter a valid North American phone number (10 or 11 digits)',
    'Veuillez entrer un numéro de téléphone nord-américain valide (10 ou 11 chiffres)',
  ),
  rule(
    'registration',
    'email',
    '',
    'email.required',
    'Email is required',
    'L’adresse courriel est obligatoire',
  ),
  rule(
    'registration',
    'email',
    'marie@example',
    'email.invalid',
    'Invalid Email format',
    'Format de courriel non valide',
  ),
  rule(
    'registration',
    'password',
    '',
    'password.required',
    'Password is required',
    'Le mot de passe est obligatoire',
  ),
  rule(
    'registration',
    'password',
    'Ab1#xyz',
    'password.tooShort',
    'Password must be at least 8 characters',
    'Le mot de passe doit compter au moins 8 caractères',
  ),
  rule(
    'registration',
    'password',
    `Ab1#${'xyz'.repeat(9)}`,
    'password.tooLong',
    'Password must be at most 30 characters',
    'Le mot de passe doit compter au plus 30 caractères',
  ),
  rule(
    'registration',
    'password',
    'secure#pass1',
    'password.noUppercase',
    'Password must contain at least one uppercase letter',
    'Le mot de passe doit contenir au moins une lettre majuscule',
  ),
  rule(
    'registration',
    'password',
    'SECURE#PASS1',
    'password.noLowercase',
    'Password must contain at least one lowercase letter',
    'Le mot de passe doit contenir au moins une lettre minuscule',
  ),
  rule(
    'registration',
    'password',
    'Secure#Passe',
    'password.noDigit',
    'Password must contain at least one number',
    'Le mot de passe doit contenir au moins un chiffre',
  ),
  rule(
    'registration',
    'password',
    'SecurePass12',
    'password.noSpecial',
    'Password must contain at least one special character: ~!@#$%^&*()-_=+[]{}|;:,.<>/?',
    'Le mot de passe doit contenir au moins un caractère spécial : ~!@#$%^&*()-_=+[]{}|;:,.<>/?',
  ),
  rule(
    'registration',
    'password',
    'Aa1#Aa1#',
    'password.tooFewUnique',
    'Password must contain at least 5 different characters',
    'Le mot de passe doit contenir au moins 5 caractères différents',
  ),
  rule(
    'registration',
    'password',
    'Secuuure#1',
    'password.repeatedCharacters',
    'Password cannot contain the same character more than twice in a row',
    'Le mot de passe ne peut pas contenir le même caractère plus de deux fois de suite',
  ),
  rule(
    'registration',
    'password',
    'MyPaSSword#1',
    'password.containsPassword',
    'Password cannot contain the word "password"',
    'Le mot de passe ne peut pas contenir le mot « password »',
  ),
  rule(
    'registration',
    'reenterPassword',
    '',
    'password.confirmRequired',
    'Please re-enter your password',
    'Veuillez entrer de nouveau votre mot de passe',
  ),
  rule(
    'registration',
    'reenterPassword',
    'Secure#Pass2',
    'password.mismatch',
    'Passwords do not match',
    'Les mots de passe ne correspondent pas',
  ),
  rule(
    'registration',
    'termsAccepted',
    false,
    'termsAccepted.required',
    'You must accept the terms of service to create a profile',
    'Vous devez accepter les conditions d’utilisation pour créer un profil',
  ),
  rule(
    'registration',
    'language',
    'de',
    'language.invalidChoice',
    'Please choose English or French',
    'Veuillez choisir le français ou l’anglais',
  ),
  rule(
    'profile',
    'addressLine1',
    long(101),
    'addressLine1.tooLong',
    'Address must be at most 100 characters',
    'L’adresse doit compter au plus 100 caractères',
  ),
  rule(
    'profile',
    'dateOfBirth',
    '2010-01-01',
    'dateOfBirth.underAge',
    'User must be at least 18 years old to create a profile',
    'L’utilisateur doit avoir au moins 18 ans pour créer un profil',
  ),
  rule(
    'profile',
    'province',
    'ZZ',
    'province.invalidChoice',
    'Please select a province',
    'Veuillez sélectionner une province',
  ),
  rule(
    'profile',
    'phone',
    '123',
    'phone.invalid',
    'Please enter a valid North American phone number (10 or 11 digits)',
    'Veuillez entrer un numéro de téléphone nord-américain valide (10 ou 11 chiffres)',
  ),
  rule(
    'passwordChange',
    'currentPassword',
    '',
    'currentPassword.required',
    'Current password is required',
    'Le mot de passe actuel est obligatoire',
  ),
  rule(
    'passwordChange',
    'newPassword',
    'short',
    'password.tooShort',
    'Password must be at least 8 characters',
    'Le mot de passe doit compter au moins 8 caractères',
  ),
  rule(
    'passwordChange',
    'newPassword',
    'Old#Secret9',
    'password.sameAsCurrent',
    'The new password must be different from the current password',
    'Le nouveau mot de passe doit être différent du mot de passe actuel',
    { confirmPassword: 'Old#Secret9' },
  ),
  rule(
    'passwordChange',
    'confirmPassword',
    'Secure#Pass9',
    'password.mismatch',
    'Passwords do not match',
    'Les mots de passe ne correspondent pas',
  ),
  rule(
    'reset',
    'recoveryCode',
    '',
    'recoveryCode.required',
    'Please enter the recovery code',
    'Veuillez entrer le code de récupération',
  ),
  rule(
    'reset',
    'recoveryCode',
    'A7C2Q',
    'recoveryCode.invalidFormat',
    'The recovery code has 6 letters and digits',
    'Le code de récupération compte 6 lettres et chiffres',
  ),
  rule(
    'reset',
    'newPassword',
    'password#1A',
    'password.containsPassword',
    'Password cannot contain the word "password"',
    'Le mot de passe ne peut pas contenir le mot « password »',
  ),
  rule(
    'reset',
    'confirmPassword',
    '',
    'password.confirmRequired',
    'Please re-enter your password',
    'Veuillez entrer de nouveau votre mot de passe',
  ),
  rule(
    'signIn',
    'email',
    '  ',
    'email.required',
    'Email is required',
    'L’adresse courriel est obligatoire',
  ),
  rule(
    'signIn',
    'password',
    '',
    'password.required',
    'Password is required',
    'Le mot de passe est obligatoire',
  ),
  rule('signInCode', 'otp', '', 'otp.required', 'Please enter the code', 'Veuillez entrer le code'),
  rule(
    'signInCode',
    'otp',
    '49381a',
    'otp.invalidFormat',
    'The code has 6 digits',
    'Le code compte 6 chiffres',
  ),
  rule(
    'verification',
    'verificationCode',
    '',
    'verificationCode.required',
    'Please enter the verification code',
    'Veuillez entrer le code de vérification',
  ),
  rule(
    'verification',
    'verificationCode',
    'k3x9q2m',
    'verificationCode.invalidFormat',
    'The verification code has 8 letters and digits',
    'Le code de vérification compte 8 lettres et chiffres',
  ),
  rule(
    'forgot',
    'email',
    'not-an-email',
    'email.invalid',
    'Invalid Email format',
    'Format de courriel non valide',
  ),
];

const CONFIRMATION_OF: Readonly<Record<string, string>> = {
  password: 'reenterPassword',
  newPassword: 'confirmPassword',
};

describe('identity field rules, server (zod) and browser (valibot) alike', () => {
  it.each(RULES)(
    'given $form with $field = $value, when checked, then $code in English and French',
    ({ form, field, value, code, en, fr, also }) => {
      // A password rule alone: its confirmation repeats the value (a difference is a rule too).
      const confirmation = CONFIRMATION_OF[field];
      const body = {
        ...VALID_BODIES[form],
        ...(confirmation && value !== '' ? { [confirmation]: value } : {}),
        ...also,
        [field]: value,
      };

      const { server, browser } = checkOnBothSides(FORMS[form], body, NOW);

      expect(server.errors).toEqual(browser.errors);
      expect(server.errors.map((e) => [e.field, e.code])).toEqual([[field, code]]);
      const [error] = server.errors;
      if (!isIdentityMessageCode(code)) throw new Error(`${code} has no message`);
      expect(identityMessage(code, 'en', error?.params)).toBe(en);
      expect(identityMessage(code, 'fr', error?.params)).toBe(fr);
    },
  );

  it.each(Object.keys(FORMS) as FormName[])(
    'given a valid %s body, when checked, then both sides accept it and agree on the stored form',
    (form) => {
      const { server, browser } = checkOnBothSides(FORMS[form], VALID_BODIES[form], NOW);

      expect(server.errors).toEqual([]);
      expect(browser.errors).toEqual([]);
      expect(server.value).toEqual(browser.value);
    },
  );
});

describe('values the rules accept', () => {
  const accepted = (form: FormName, overrides: Record<string, unknown>) => {
    const { server, browser } = checkOnBothSides(
      FORMS[form],
      { ...VALID_BODIES[form], ...overrides },
      NOW,
    );
    expect(browser.errors).toEqual([]);
    expect(server.errors).toEqual([]);
    return server.value as Record<string, unknown>;
  };

  it('given accents, apostrophes and hyphens in names, when registering, then they are kept as typed', () => {
    expect(
      accepted('registration', { firstName: 'Éloïse', lastName: 'D’Amours-Côté' }),
    ).toMatchObject({
      firstName: 'Éloïse',
      lastName: 'D’Amours-Côté',
    });
  });

  it.each([
    ['王', '小明'],
    ['伟', '王'],
    ['Nguyễn', 'Văn An'],
    // ễ written as e + two combining marks: one character to a reader, three code points.
    ['Nguye\u0302\u0303n', 'Ng'],
    ['Marie-Ève', "O'Neil"],
    ['Σοφία', 'Παπαδοπούλου'],
    ['Олена', 'Шевченко'],
    ['فاطمة', 'الزهراء'],
  ])(
    'given the name %s %s (any script), when registering, then it is kept as typed',
    (first, last) => {
      expect(accepted('registration', { firstName: first, lastName: last })).toMatchObject({
        firstName: first,
        lastName: last,
      });
    },
  );

  it('given names that are not a single ideograph or that count too many characters, when registering, then they are refused', () => {
    const refused = (firstName: string) =>
      checkOnBothSides(
        FORMS.registration,
        { ...VALID_BODIES.registration, firstName },
        NOW,
      ).server.errors.map((error) => error.code);
    expect(refused('M')).toEqual(['firstName.tooShort']);
    expect(refused('é')).toEqual(['firstName.tooShort']);
    expect(refused('伟2')).toEqual(['firstName.invalidCharacters']);
    expect(refused('王'.repeat(51))).toEqual(['firstName.tooLong']);
    // 50 characters a reader sees, 100 code points: within the limit.
    expect(refused('e\u0301'.repeat(50))).toEqual([]);
    expect(refused('x\u200by')).toEqual(['firstName.invalidCharacters']);
  });

  it('given a customer who turns 18 today, when registering, then the date of birth passes', () => {
    expect(accepted('registration', { dateOfBirth: '2008-03-02' }).dateOfBirth).toBe('2008-03-02');
  });

  it('given loosely typed values, when registering, then they are stored in one form', () => {
    expect(
      accepted('registration', {
        email: '  Marie.OBrien@Example.TEST ',
        postalCode: 'h2x-1y4',
        province: ' QC ',
        phone: '+1 (514) 555.0100',
        addressLine2: null,
        language: 'fr-CA',
      }),
    ).toMatchObject({
      email: 'marie.obrien@example.test',
      postalCode: 'H2X 1Y4',
      province: 'QC',
      phone: '15145550100',
      addressLine2: '',
      language: 'fr',
    });
  });

  it('given an address of 61 to 100 characters, when updating the profile, then it passes (registration allows 60)', () => {
    expect(accepted('profile', { addressLine1: long(100, 'b') }).addressLine1).toHaveLength(100);
  });

  it('given first name, last name and financial institution in a profile update, when checked, then they are dropped', () => {
    const value = accepted('profile', {
      firstName: 'Mallory',
      lastName: 'Intruder',
      financialInstitution: 'Other Bank',
    });
    expect(value).not.toHaveProperty('firstName');
    expect(value).not.toHaveProperty('lastName');
    expect(value).not.toHaveProperty('financialInstitution');
  });

  it('given codes in either case, when checked, then they are compared in one case', () => {
    expect(accepted('verification', { verificationCode: 'K3X9Q2MZ' }).verificationCode).toBe(
      'k3x9q2mz',
    );
    expect(accepted('reset', { recoveryCode: 'a7c2q9' }).recoveryCode).toBe('A7C2Q9');
  });

  it('given a body that is not an object, when checked, then one request error comes back', () => {
    const { server, browser } = checkOnBothSides(FORMS.signIn, 'email=a', NOW);
    expect(server.errors).toEqual([{ field: '', code: 'request.invalid' }]);
    expect(browser.errors).toEqual(server.errors);
  });

  it('given several broken fields, when checked, then each field reports its first broken rule', () => {
    const { server, browser } = checkOnBothSides(
      FORMS.registration,
      registrationBody({ firstName: '', postalCode: 'nope', addressLine1: long(61) }),
      NOW,
    );
    expect(server.errors).toEqual([
      { field: 'firstName', code: 'firstName.required' },
      { field: 'addressLine1', code: 'addressLine1.tooLong', params: { max: 60 } },
      { field: 'postalCode', code: 'postalCode.invalid' },
    ]);
    expect(browser.errors).toEqual(server.errors);
  });
});

describe('the password confirmation in the browser', () => {
  const now = new Date('2026-11-24T12:00:00Z');

  it('says the passwords differ even while the first password breaks its own rules', () => {
    const check = checkIdentityForm(
      registrationFormSchema(now),
      REGISTRATION_FIELDS,
      registrationBody({ password: 'short', reenterPassword: 'different', termsAccepted: true }),
    );
    expect(check.ok).toBe(false);
    const codes = check.ok ? [] : check.errors.map((e) => `${e.field}:${e.code}`);
    expect(codes).toContain('reenterPassword:password.mismatch');
    expect(codes.some((code) => code.startsWith('password:'))).toBe(true);
  });

  it('says nothing of a match when the two are the same', () => {
    const check = checkIdentityForm(
      registrationFormSchema(now),
      REGISTRATION_FIELDS,
      registrationBody({ password: 'short', reenterPassword: 'short', termsAccepted: true }),
    );
    const codes = check.ok ? [] : check.errors.map((e) => e.code);
    expect(codes).not.toContain('password.mismatch');
  });
});
