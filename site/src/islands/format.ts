import { localeOf } from '../i18n/locale';

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

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The zone a moment (an ISO timestamp) is shown in: the portal's, not the server's or the
 * browser's, so the server-rendered page and the hydrated island say the same day.
 */
const PORTAL_TIME_ZONE = 'America/Toronto';

/**
 * A date in words. A date-only value (YYYY-MM-DD, e.g. a payment date) is that calendar day in
 * every time zone: read as UTC and shown as UTC, never a midnight moved a day back west of
 * Greenwich. A moment is shown on its day in the portal's zone.
 */
export function formatDate(iso: string, lang: string): string {
  const dateOnly = DATE_ONLY.test(iso);
  return new Intl.DateTimeFormat(localeOf(lang), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: dateOnly ? 'UTC' : PORTAL_TIME_ZONE,
  }).format(new Date(dateOnly ? `${iso}T00:00:00Z` : iso));
}

/** A plain number in the page's language (`0,1` in French), with `fractionDigits` decimals. */
export function formatNumber(value: number, lang: string, fractionDigits = 0): string {
  return new Intl.NumberFormat(localeOf(lang), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/**
 * The dictionary key of `base` for `count` under the language's plural rules: `{base}.one`,
 * `{base}.other`… (French says "0 fichier", "1 fichier", "2 fichiers").
 */
export function pluralKey(base: string, count: number, lang: string): string {
  return `${base}.${new Intl.PluralRules(localeOf(lang)).select(count)}`;
}

/** Morning for hours 1 to 11, afternoon for 12 to 15, evening otherwise (spec §2). */
export function greetingPeriod(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 1 && hour <= 11) return 'morning';
  if (hour >= 12 && hour <= 15) return 'afternoon';
  return 'evening';
}
