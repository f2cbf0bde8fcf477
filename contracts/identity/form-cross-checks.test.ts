import { describe, expect, it } from 'vitest';
import { toLanguage } from './field-rules';
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
