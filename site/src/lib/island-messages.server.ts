import { CUSTOMER_DOCUMENT_MESSAGES } from '@contracts/claims/messages';
import { dictionaryOf, type Lang } from '@site/i18n/i18n';
import { localeOf } from '@site/i18n/locale';
import { type IslandMessages, LOCALE_KEY } from '@site/islands/messages';

/** The messages under the given key prefixes, and the page's locale, to pass to an island as a prop. */
export function islandMessages(lang: Lang, prefixes: readonly string[]): IslandMessages {
  return {
    ...Object.fromEntries(
      Object.entries(dictionaryOf(lang)).filter(([key]) => prefixes.some((p) => key.startsWith(p))),
    ),
    [LOCALE_KEY]: localeOf(lang),
  };
}

/** The server's document rules in one language, keyed by their codes, for an island. */
export function documentMessages(lang: Lang): IslandMessages {
  return Object.fromEntries(
    Object.entries(CUSTOMER_DOCUMENT_MESSAGES).map(([code, words]) => [code, words[lang]]),
  );
}
