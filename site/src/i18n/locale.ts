const LOCALES: Readonly<Record<string, string>> = { en: 'en-CA', fr: 'fr-CA', cn: 'zh-CN' };

/** The Intl locale of a page language (Canadian English and French, Simplified Chinese). */
export const localeOf = (lang: string): string => LOCALES[lang] ?? 'en-CA';
