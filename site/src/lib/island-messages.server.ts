import { CUSTOMER_DOCUMENT_MESSAGES } from '@contracts/claims/messages';
import { dictionaryOf, type Lang } from '@site/i18n/i18n';
import type { IslandMessages } from '@site/islands/messages';

/** The messages under the given key prefixes, to pass to an island as a prop. */
export function islandMessages(lang: Lang, prefixes: readonly string[]): IslandMessages {
  return Object.fromEntries(
    Object.entries(dictionaryOf(lang)).filter(([key]) => prefixes.some((p) => key.startsWith(p))),
  );
}

/** The server's document rules in one language, keyed by their codes, for an island. */
export function documentMessages(lang: Lang): IslandMessages {
  return Object.fromEntries(
    Object.entries(CUSTOMER_DOCUMENT_MESSAGES).map(([code, words]) => [code, words[lang]]),
  );
}
