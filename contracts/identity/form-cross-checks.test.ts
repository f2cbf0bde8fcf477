import { describe, expect, it } from 'vitest';
import { checkText } from './field-checks';
import { toLanguage } from './field-rules';
import { DATE_OF_BIRTH_FIELD, passwordRuleFailures } from './field-specs';
import { parseIdentityRequest } from './identity-requests';
import { checkOnBothSides } from './testing/form-check';
import { FORMS, VALID_BODIES } from './testing/identity-forms-under-test';

const NOW = new Date('2026-03-02T12:00:00Z');
const errorsOf = (form: keyof typeof FORMS, body: Record<string, unknown>) => {
  const { server, browser } = checkOnBothSides(
    FORMS[form],
    { ...VALID_BODIES[form], ...body },
    NOW,
  );
  expect(browser.errors).toEqual(server.errors);
  return server.errors;
};

describe('the checks across identity fields, server and browser alike', () => {
  it('given a reset whose confirmation differs, then only the confirmation says so', () => {
    expect(errorsOf('reset', { confirmPassword: 'Other#Pass9' })).toEqual([
      { field: 'confirmPassword', code: 'password.mismatch' },
    ]);
  });

  it('given a password change whose confirmation differs, then only the confirmation says so', () => {
    expect(errorsOf('passwordChange', { confirmPassword: 'Other#Pass9' })).toEqual([
      { field: 'confirmPassword', code: 'password.mismatch' },
    ]);
  });

  it('given a registration whose re-entered password differs, then only that field says so', () => {
    expect(errorsOf('registration', { reenterPassword: 'Other#Pass9' })).toEqual([
      { field: 'reenterPassword', code: 'password.mismatch' },
    ]);
  });

  it('given a language not offered, then the profile update and the registration refuse it', () => {
    for (const form of ['profile', 'registration'] as const) {
      expect(errorsOf(form, { language: 'de' })).toEqual([
        { field: 'language', code: 'language.invalidChoice' },
      ]);
    }
  });

  it('given a confirmation of spaces only, then it is missing, not a mismatch, beside other errors too', () => {
    expect(errorsOf('reset', { confirmPassword: '   ' })).toEqual([
      { field: 'confirmPassword', code: 'password.confirmRequired' },
    ]);
    expect(errorsOf('registration', { firstName: '', reenterPassword: '   ' })).toEqual([
      { field: 'firstName', code: 'firstName.required' },
      { field: 'reenterPassword', code: 'password.confirmRequired' },
    ]);
  });

  it('given a form with no confirmation, then a stray confirmation field adds no mismatch', () => {
    expect(errorsOf('signIn', { email: '', reenterPassword: 'x', confirmPassword: 'y' })).toEqual([
      { field: 'email', code: 'email.required' },
    ]);
  });

  it('given a rule without parameters broken after one with them, then the error carries none', () => {
    expect(errorsOf('registration', { firstName: 'x\u200by' })).toEqual([
      { field: 'firstName', code: 'firstName.invalidCharacters' },
    ]);
    expect(errorsOf('registration', { addressLine1: '12 Main St <script>' })).toEqual([
      { field: 'addressLine1', code: 'addressLine1.invalidCharacters' },
    ]);
  });

  it('given a body that is a list, not an object, then the server answers one request error and checks nothing across fields', () => {
    for (const form of ['registration', 'reset', 'passwordChange'] as const) {
      const { server, fields } = FORMS[form];
      expect(() => parseIdentityRequest(server(NOW), fields, []), form).toThrow(
        expect.objectContaining({ fieldErrors: [{ field: '', code: 'request.invalid' }] }),
      );
    }
  });

  it('given a confirmation that is not text, then the browser reports no mismatch of its own', () => {
    expect(errorsOf('reset', { confirmPassword: 12 }).map((e) => e.field)).toEqual([
      'confirmPassword',
    ]);
  });
});

describe('the language a form or the spec’s call names', () => {
  it('reads French and Chinese in any region or case, and anything else as English', () => {
    expect(toLanguage('fr-CA')).toBe('fr');
    expect(toLanguage('FR')).toBe('fr');
    expect(toLanguage('zh-Hans')).toBe('cn');
    expect(toLanguage('ZH-CN')).toBe('cn');
    expect(toLanguage('cn')).toBe('cn');
    expect(toLanguage('CN')).toBe('cn');
    expect(toLanguage('en-CA')).toBe('en');
    expect(toLanguage('cnx')).toBe('en');
    expect(toLanguage('xzh')).toBe('en');
    expect(toLanguage('xfr')).toBe('en');
    expect(toLanguage(undefined)).toBe('en');
  });
});

describe('field rules at their edges', () => {
  it('given a password change that keeps the password while the confirmation is missing, then both are said', () => {
    const errors = errorsOf('passwordChange', {
      currentPassword: 'Old#Secret9',
      newPassword: 'Old#Secret9',
      confirmPassword: '',
    });
    expect(errors).toContainEqual({ field: 'newPassword', code: 'password.sameAsCurrent' });
    expect(errors).toContainEqual({ field: 'confirmPassword', code: 'password.confirmRequired' });
    expect(errors).toHaveLength(2);
  });

  it('given an address with an invisible or a look-alike letter, then the email says which', () => {
    expect(errorsOf('registration', { email: 'he\u200blene@example.com' })).toEqual([
      { field: 'email', code: 'email.invisible' },
    ]);
    expect(errorsOf('registration', { email: 'hеlene@example.com' })).toEqual([
      { field: 'email', code: 'email.mixedScripts' },
    ]);
  });

  it('given dates of birth at the ends of the years allowed, then only dates past them are out of range', () => {
    const code = (dateOfBirth: string) => checkText(DATE_OF_BIRTH_FIELD, dateOfBirth, NOW)?.code;
    expect(code('1900-01-01')).toBeUndefined();
    expect(code('1899-12-31')).toBe('dateOfBirth.yearOutOfRange');
    expect(code('2100-12-31')).not.toBe('dateOfBirth.yearOutOfRange');
    expect(code('2101-01-01')).toBe('dateOfBirth.yearOutOfRange');
  });

  it('given a month or a day that does not exist, then the date is invalid', () => {
    const code = (dateOfBirth: string) => checkText(DATE_OF_BIRTH_FIELD, dateOfBirth, NOW)?.code;
    for (const date of ['1990-13-01', '1990-00-10', '1990-02-30', '1990-04-31']) {
      expect(code(date), date).toBe('dateOfBirth.invalid');
    }
  });

  it('given a password of exactly five different characters, then that requirement is met', () => {
    expect(passwordRuleFailures('Aa1!bAa1!b')).toEqual([]);
    expect(passwordRuleFailures('Aa1!Aa1!')).toEqual(['password.tooFewUnique']);
  });

  it('given a null second address line in the browser, then it is stored empty', () => {
    const body = { ...VALID_BODIES.registration, addressLine2: null };
    const { server, browser } = checkOnBothSides(FORMS.registration, body, NOW);
    expect(server.errors).toEqual([]);
    expect((browser.value as Record<string, unknown>).addressLine2).toBe('');
    expect(browser.value).toEqual(server.value);
  });
});
