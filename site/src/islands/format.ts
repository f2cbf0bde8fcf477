import { dateTimeFormat, numberFormat, pluralRules } from '../i18n/intl-formats';
import { localeOf } from '../i18n/locale';

/** CAD currency, 2 decimals, $ prefix (spec §9), in the page's language. */
export function formatAmount(amount: number, lang: string): string {
  return numberFormat(localeOf(lang), {
    style: 'currency',
    currency: 'CAD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The portal's own zone (decision 122): where a page is read without knowing the reader's
 * zone, and the zone that goes unnamed. Any other zone is named beside the date.
 */
export const PORTAL_TIME_ZONE = 'America/Toronto';

/**
 * A date in words (decision 122). A date-only value (YYYY-MM-DD, e.g. a payment date) is that
 * calendar day in every time zone: shown as stored, never a midnight moved a day back west of
 * Greenwich. A moment (an ISO timestamp) is shown on its day in `timeZone`, the reader's,
 * with that zone named unless it is the portal's: "December 5, 2026 (PST)".
 */
export function formatDate(iso: string, lang: string, timeZone: string = PORTAL_TIME_ZONE): string {
  const { day, zone } = dateParts(iso, lang, timeZone);
  return zone ? `${day} (${zone})` : day;
}

/** `formatDate` in its two parts: the day, and the zone's name where it is to be said. */
export function dateParts(
  iso: string,
  lang: string,
  timeZone: string = PORTAL_TIME_ZONE,
): { day: string; zone?: string } {
  const dateOnly = DATE_ONLY.test(iso);
  const format = dateTimeFormat(localeOf(lang), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: dateOnly ? 'UTC' : timeZone,
  });
  const moment = new Date(dateOnly ? `${iso}T00:00:00Z` : iso);
  const day = format.format(moment);
  if (dateOnly || timeZone === PORTAL_TIME_ZONE) return { day };
  return { day, zone: zoneName(moment, lang, timeZone) };
}

/** The zone's short name at that moment in the page's language: PST, HNP, GMT+14. */
function zoneName(moment: Date, lang: string, timeZone: string): string {
  const parts = dateTimeFormat(localeOf(lang), { timeZone, timeZoneName: 'short' });
  return (
    parts.formatToParts(moment).find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** The hour (0–23) of `moment` on the clocks of `timeZone`. */
export function hourIn(moment: Date, timeZone: string): number {
  const hour = dateTimeFormat('en-CA', { hour: 'numeric', hourCycle: 'h23', timeZone })
    .formatToParts(moment)
    .find((part) => part.type === 'hour')?.value;
  return Number(hour ?? moment.getUTCHours());
}

/** A plain number in the page's language (`0,1` in French), with `fractionDigits` decimals. */
export function formatNumber(value: number, lang: string, fractionDigits = 0): string {
  return numberFormat(localeOf(lang), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/**
 * The dictionary key of `base` for `count` under the language's plural rules: `{base}.one`,
 * `{base}.other`… (French says "0 fichier", "1 fichier", "2 fichiers").
 */
export function pluralKey(base: string, count: number, lang: string): string {
  return `${base}.${pluralRules(localeOf(lang)).select(count)}`;
}

/** Morning for hours 1 to 11, afternoon for 12 to 15, evening otherwise (spec §2). */
export function greetingPeriod(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 1 && hour <= 11) return 'morning';
  if (hour >= 12 && hour <= 15) return 'afternoon';
  return 'evening';
}
