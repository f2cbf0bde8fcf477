import { describe, expect, it } from 'vitest';
import { REGISTRATION_FIELDS } from './form-fields';
import { checkIdentityForm, registrationFormSchema } from './identity-forms';
import { identityMessage, isIdentityMessageCode } from './messages';
import { checkOnBothSides } from './testing/form-check';
import { registrationBody } from './testing/identity-fixtures';
import { ACCOUNT_RULES } from './testing/account-rule-cases';
import {
  CONFIRMATION_OF,
  long,
  FORMS,
  type FormName,
  VALID_BODIES,
} from './testing/identity-forms-under-test';
import { PERSONAL_RULES } from './testing/personal-rule-cases';

const NOW = new Date('2026-03-02T12:00:00Z');

/** Every rule of spec §5, one broken at a time, with its words in English and French. */
const RULES = [...PERSONAL_RULES, ...ACCOUNT_RULES];

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
