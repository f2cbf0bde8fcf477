import { numberFormat, pluralRules } from './intl-formats';

export type MessageParams = Readonly<Record<string, string | number>>;

// `{count, plural, =0 {none} one {# file} other {# files}}`: the ICU plural form, one level deep.
const PLURAL =
  /\{(\w+),\s*plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const BRANCH = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;

/**
 * A number as the language writes it (`1 234,5` in French); years and other four-digit
 * numbers stay ungrouped.
 */
function formatted(value: number, locale: string): string {
  return numberFormat(locale, {
    maximumFractionDigits: 2,
    useGrouping: 'min2',
  } as Intl.NumberFormatOptions).format(value);
}

function plural(name: string, branches: string, params: MessageParams, locale: string): string {
  const value = params[name];
  if (typeof value !== 'number') return `{${name}}`;
  const forms = new Map(
    [...branches.matchAll(BRANCH)].map((m) => [m[1] as string, m[2] as string]),
  );
  const chosen =
    forms.get(`=${value}`) ?? forms.get(pluralRules(locale).select(value)) ?? forms.get('other');
  return (chosen ?? '').replaceAll('#', formatted(value, locale));
}

/**
 * Replaces `{name}` placeholders, numbers written in the language's way, and picks ICU plural
 * forms through Intl.PluralRules. A placeholder without a parameter stays visible rather than
 * vanishing.
 */
export function interpolate(message: string, params: MessageParams, locale = 'en-CA'): string {
  return message
    .replace(PLURAL, (_whole, name: string, branches: string) =>
      plural(name, branches, params, locale),
    )
    .replace(/\{(\w+)\}/g, (placeholder, name: string) => {
      const value = params[name];
      if (value === undefined) return placeholder;
      return typeof value === 'number' ? formatted(value, locale) : value;
    });
}
