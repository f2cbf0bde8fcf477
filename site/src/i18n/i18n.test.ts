import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import { DEFAULT_LANG, LANGS, isLang, isMessageKey, t, translator } from './i18n';

const placeholdersOf = (message: string) =>
  [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('dictionaries', () => {
  it('have the same keys in English and French', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });

  it('have no empty message', () => {
    for (const dictionary of [en, fr]) {
      for (const [key, message] of Object.entries(dictionary)) {
        expect(message.trim(), key).not.toBe('');
      }
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, message] of Object.entries(en)) {
      expect(placeholdersOf(fr[key as keyof typeof fr]), key).toEqual(placeholdersOf(message));
    }
  });
});

describe('isLang', () => {
  it('accepts the served languages only', () => {
    expect(LANGS.every(isLang)).toBe(true);
    expect(DEFAULT_LANG).toBe('en');
    for (const value of ['cn', 'EN', '', 'english', undefined, null, 1])
      expect(isLang(value)).toBe(false);
  });
});

describe('t', () => {
  it('translates a key per language', () => {
    expect(t('en', 'site.name')).toBe('Claims portal');
    expect(t('fr', 'site.name')).toBe('Portail des réclamations');
  });

  it('fills named parameters', () => {
    expect(t('en', 'dashboard.greeting.morning', { firstName: 'Ana' })).toBe('Good morning, Ana');
    expect(t('fr', 'errors.field.tooLong', { max: 50 })).toBe('Entrez au plus 50 caractères.');
  });

  it('leaves a placeholder without a parameter as it is', () => {
    expect(t('en', 'dashboard.greeting.evening')).toBe('Good evening, {firstName}');
  });

  it('returns an unknown key unchanged', () => {
    expect(t('en', 'no.such.key' as never)).toBe('no.such.key');
  });

  it('binds a language with translator()', () => {
    const tr = translator('fr');
    expect(tr('claims.status.Approved')).toBe('Approuvée');
    expect(tr('addClaim.submitted', { confirmationNumber: 'C-12' })).toContain('C-12');
  });
});

describe('isMessageKey', () => {
  it('tells known keys from dynamic strings', () => {
    expect(isMessageKey('claims.status.In Progress')).toBe(true);
    expect(isMessageKey('claims.status.Lost')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });
});
