import { describe, expect, it } from 'vitest';
import accountEn from './account.en.json';
import accountFr from './account.fr.json';
import en from './en.json';
import faqEn from './faq.en.json';
import faqFr from './faq.fr.json';
import fr from './fr.json';
import pagesEn from './pages.en.json';
import pagesFr from './pages.fr.json';
import signInEn from './sign-in.en.json';
import signInFr from './sign-in.fr.json';
import wizardEn from './wizard.en.json';
import wizardFr from './wizard.fr.json';
import { DEFAULT_LANG, LANGS, isLang, isMessageKey, t, translator } from './i18n';

const placeholdersOf = (message: string) =>
  [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// Every part of the site has an English and a French dictionary with the same keys.
const PARTS: Record<string, readonly [Record<string, string>, Record<string, string>]> = {
  site: [en, fr],
  'sign-in': [signInEn, signInFr],
  account: [accountEn, accountFr],
  faq: [faqEn, faqFr],
  pages: [pagesEn, pagesFr],
  wizard: [wizardEn, wizardFr],
};

describe.each(Object.entries(PARTS))('the %s dictionaries', (_part, [english, french]) => {
  it('have the same keys in English and French', () => {
    expect(Object.keys(french).sort()).toEqual(Object.keys(english).sort());
  });

  it('have no empty message', () => {
    for (const dictionary of [english, french]) {
      for (const [key, message] of Object.entries(dictionary)) {
        expect(message.trim(), key).not.toBe('');
      }
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, message] of Object.entries(english)) {
      expect(placeholdersOf(french[key] ?? ''), key).toEqual(placeholdersOf(message));
    }
  });
});

describe('the merged dictionaries', () => {
  it('never define one key in two parts (a later part would silently win)', () => {
    const seen = new Map<string, string>();
    for (const [part, [english]] of Object.entries(PARTS)) {
      for (const key of Object.keys(english)) {
        expect(seen.get(key), `${key} in ${part}`).toBeUndefined();
        seen.set(key, part);
      }
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
