import { describe, expect, it } from 'vitest';
import { passwordRuleFailures } from './field-specs';
import {
  IDENTITY_FIELD_MESSAGES,
  IDENTITY_OUTCOME_MESSAGES,
  identityMessage,
  isIdentityMessageCode,
} from './messages';

describe('identity message catalogue', () => {
  it('words every code in English and in French, differently', () => {
    for (const message of Object.values({
      ...IDENTITY_FIELD_MESSAGES,
      ...IDENTITY_OUTCOME_MESSAGES,
    })) {
      expect(message.en).not.toBe('');
      expect(message.fr).not.toBe('');
      expect(message.fr).not.toBe(message.en);
    }
  });

  it('uses stable `field.rule` codes', () => {
    for (const code of Object.keys({ ...IDENTITY_FIELD_MESSAGES, ...IDENTITY_OUTCOME_MESSAGES })) {
      expect(code).toMatch(/^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z]*$/);
    }
  });

  it('fills placeholders from params and leaves unknown ones', () => {
    expect(identityMessage('signIn.lockedOut', 'fr', { minutes: 15 })).toBe(
      'Trop de tentatives. Pour votre sécurité, la connexion est bloquée pendant 15 minutes.',
    );
    expect(identityMessage('rateLimited.resendCooldown', 'en')).toBe(
      'Please wait {seconds} seconds before asking for a new code.',
    );
    // English unless another language is asked for.
    expect(identityMessage('rateLimited.resendCooldown', undefined, { seconds: 30 })).toBe(
      'Please wait 30 seconds before asking for a new code.',
    );
    expect(isIdentityMessageCode('postalCode.invalid')).toBe(true);
    expect(isIdentityMessageCode('claimNumber.taken')).toBe(false);
  });
});

describe('password requirements checklist', () => {
  it('given a weak password, when listing its failures, then every requirement it misses is named in order', () => {
    expect(passwordRuleFailures('password')).toEqual([
      'password.noUppercase',
      'password.noDigit',
      'password.noSpecial',
      'password.containsPassword',
    ]);
  });

  it('given a password meeting every rule, when listing its failures, then there are none', () => {
    expect(passwordRuleFailures('Secure#Pass1')).toEqual([]);
  });
});
