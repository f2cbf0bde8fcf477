import { describe, expect, it } from 'vitest';
import accountCn from './account.cn.json';
import accountEn from './account.en.json';
import accountFr from './account.fr.json';
import cn from './cn.json';
import en from './en.json';
import faqCn from './faq.cn.json';
import faqEn from './faq.en.json';
import faqFr from './faq.fr.json';
import fr from './fr.json';
import pagesCn from './pages.cn.json';
import pagesEn from './pages.en.json';
import pagesFr from './pages.fr.json';
import signInCn from './sign-in.cn.json';
import signInEn from './sign-in.en.json';
import signInFr from './sign-in.fr.json';
import wizardCn from './wizard.cn.json';
import wizardEn from './wizard.en.json';
import wizardFr from './wizard.fr.json';
import { DEFAULT_LANG, LANGS, isLang, isMessageKey, t, translator } from './i18n';

// `{name}` and the name of an ICU plural, `{name, plural, …}`.
const placeholdersOf = (message: string) =>
  [...message.matchAll(/\{(\w+)(?:\}|,\s*plural)/g)].map((m) => m[1]).sort();

type Dictionary = Record<string, string>;

// Every part of the site has an English, a French and a Chinese dictionary with the same keys.
const PARTS: Record<string, readonly [Dictionary, Dictionary, Dictionary]> = {
  site: [en, fr, cn],
  'sign-in': [signInEn, signInFr, signInCn],
  account: [accountEn, accountFr, accountCn],
  faq: [faqEn, faqFr, faqCn],
  pages: [pagesEn, pagesFr, pagesCn],
  wizard: [wizardEn, wizardFr, wizardCn],
};

describe.each(Object.entries(PARTS))('the %s dictionaries', (_part, [english, french, chinese]) => {
  it('have the same keys in English, French and Chinese: none missing in fr or cn, none extra', () => {
    expect(Object.keys(french).sort()).toEqual(Object.keys(english).sort());
    expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
  });

  it('have no empty message', () => {
    for (const dictionary of [english, french, chinese]) {
      for (const [key, message] of Object.entries(dictionary)) {
        expect(message.trim(), key).not.toBe('');
      }
    }
  });

  it('use the same placeholders in every language', () => {
    for (const [key, message] of Object.entries(english)) {
      expect(placeholdersOf(french[key] ?? ''), key).toEqual(placeholdersOf(message));
      expect(placeholdersOf(chinese[key] ?? ''), key).toEqual(placeholdersOf(message));
    }
  });

  it('are really translated into Chinese: every sentence has Chinese characters', () => {
    for (const [key, message] of Object.entries(chinese)) {
      const isSentence = /[a-z]{3,}\s+[a-z]{3,}/i.test(english[key] ?? '');
      const isProperName = /^(tenant\.notAvailable\.title|footer\.social\.|language\.name\.)/.test(
        key,
      );
      if (isSentence && !isProperName) expect(message, key).toMatch(/\p{Script=Han}/u);
    }
  });

  it('write French with the typographic apostrophe only (issue 28 finding 8)', () => {
    const straight = Object.entries(french).filter(([, message]) => message.includes("'"));
    expect(straight.map(([key]) => key)).toEqual([]);
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
  it('accepts the languages some tenant serves only', () => {
    expect(LANGS.every(isLang)).toBe(true);
    expect(isLang('cn')).toBe(true);
    expect(DEFAULT_LANG).toBe('en');
    for (const value of ['zh', 'EN', '', 'english', undefined, null, 1])
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
