import type { Lang } from '@site/i18n/i18n';

/** The caller's language for API answers: the stored preference, else Accept-Language, else English. */
export function apiLanguage(request: Request, cookieLang: string | undefined): Lang {
  if (cookieLang === 'fr' || cookieLang === 'en') return cookieLang;
  const accepted = request.headers.get('accept-language') ?? '';
  return /^\s*fr\b/i.test(accepted) ? 'fr' : 'en';
}
