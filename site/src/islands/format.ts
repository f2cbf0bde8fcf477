const LOCALES: Readonly<Record<string, string>> = { en: 'en-CA', fr: 'fr-CA', cn: 'zh-CN' };
const localeOf = (lang: string) => LOCALES[lang] ?? 'en-CA';

/** CAD currency, 2 decimals, $ prefix (spec §9), in the page's language. */
export function formatAmount(amount: number, lang: string): string {
  return new Intl.NumberFormat(localeOf(lang), {
    style: 'currency',
    currency: 'CAD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

export function formatDate(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(localeOf(lang), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(iso));
}

/** Morning for hours 1 to 11, afternoon for 12 to 15, evening otherwise (spec §2). */
export function greetingPeriod(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 1 && hour <= 11) return 'morning';
  if (hour >= 12 && hour <= 15) return 'afternoon';
  return 'evening';
}
