/**
 * Intl formatters, each built once per locale and options. Building one costs far more than
 * using it (a DateTimeFormat loads its locale's calendar data): building three per claim row
 * was most of the dashboard's hydration with 50 claims on a phone's CPU (issue 47).
 */
const built = new Map<string, unknown>();

function once<T>(kind: string, locale: string, options: object, build: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let format = built.get(key) as T | undefined;
  if (format === undefined) {
    format = build();
    built.set(key, format);
  }
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}) {
  return once('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}) {
  return once('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function pluralRules(locale: string) {
  return once('plural', locale, {}, () => new Intl.PluralRules(locale));
}
