import { type Lang, isLang } from '@site/i18n/i18n';
import { offeredLangs } from '@site/routing/language';
import type { TenantId } from '@site/routing/tenant';

const ACCEPTED: readonly [RegExp, Lang][] = [
  [/^fr\b/i, 'fr'],
  [/^(zh|cn)\b/i, 'cn'],
  [/^en\b/i, 'en'],
];

/**
 * The caller's language for API answers: the stored preference, else the first language of
 * Accept-Language that the tenant offers, else English. Chinese only where the tenant offers it.
 */
function apiLanguage(
  request: Request,
  cookieLang: string | undefined,
  tenant: TenantId = 'base',
): Lang {
  const offered = offeredLangs(tenant);
  if (isLang(cookieLang) && offered.includes(cookieLang)) return cookieLang;
  const ranges = (request.headers.get('accept-language') ?? '').split(',').map((r) => r.trim());
  for (const range of ranges) {
    const match = ACCEPTED.find(([pattern]) => pattern.test(range));
    if (match && offered.includes(match[1])) return match[1];
  }
  return 'en';
}

/** The language of an API answer to this request (see apiLanguage). */
export function requestLanguage(context: {
  readonly request: Request;
  readonly cookies?: { get(name: string): { value: string } | undefined };
  readonly locals: { readonly tenant?: TenantId };
}): Lang {
  return apiLanguage(context.request, context.cookies?.get('lang')?.value, context.locals.tenant);
}
