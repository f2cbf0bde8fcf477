import accountCn from './account.cn.json';
import accountEn from './account.en.json';
import accountFr from './account.fr.json';
import cn from './cn.json';
import en from './en.json';
import faqCn from './faq.cn.json';
import faqEn from './faq.en.json';
import faqFr from './faq.fr.json';
import fr from './fr.json';
import metaCn from './meta.cn.json';
import metaEn from './meta.en.json';
import metaFr from './meta.fr.json';
import pagesCn from './pages.cn.json';
import pagesEn from './pages.en.json';
import pagesFr from './pages.fr.json';
import signInCn from './sign-in.cn.json';
import signInEn from './sign-in.en.json';
import signInFr from './sign-in.fr.json';
import wizardCn from './wizard.cn.json';
import wizardEn from './wizard.en.json';
import wizardFr from './wizard.fr.json';
import { interpolate, type MessageParams } from './interpolate';
import { localeOf } from './locale';

export type { MessageParams } from './interpolate';

/** `cn` (Simplified Chinese) is offered by the jupiter tenant only (site/src/routing/language.ts). */
export type Lang = 'en' | 'fr' | 'cn';
export const LANGS: readonly Lang[] = ['en', 'fr', 'cn'];
export const DEFAULT_LANG: Lang = 'en';

// One dictionary per part of the site, merged: parts can grow without touching each other.
const english = { ...en, ...signInEn, ...accountEn, ...faqEn, ...pagesEn, ...wizardEn, ...metaEn };
const french = { ...fr, ...signInFr, ...accountFr, ...faqFr, ...pagesFr, ...wizardFr, ...metaFr };
const chinese = { ...cn, ...signInCn, ...accountCn, ...faqCn, ...pagesCn, ...wizardCn, ...metaCn };

export type MessageKey = keyof typeof english;
export type Dictionary = Readonly<Record<MessageKey, string>>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

// Typing fr and cn as Dictionaries makes a key missing from either a compile error.
const DICTIONARIES: Readonly<Record<Lang, Dictionary>> = { en: english, fr: french, cn: chinese };

/** The BCP 47 tag of a page language: the URL says cn, the document says Simplified Chinese. */
export function htmlLang(lang: Lang): string {
  return lang === 'cn' ? 'zh-Hans' : lang;
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(DICTIONARIES[DEFAULT_LANG], key);
}

export function dictionaryOf(lang: Lang): Dictionary {
  return DICTIONARIES[lang];
}

/** The message for `key` in `lang`, with `{name}` placeholders replaced; an unknown key is returned as is. */
export function t(lang: Lang, key: MessageKey, params?: MessageParams): string {
  const message = DICTIONARIES[lang][key] ?? DICTIONARIES[DEFAULT_LANG][key] ?? key;
  return params ? interpolate(message, params, localeOf(lang)) : message;
}

export function translator(lang: Lang): Translate {
  return (key, params) => t(lang, key, params);
}
