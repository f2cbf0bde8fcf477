import { interpolate, type MessageParams } from '../i18n/interpolate';

/** The slice of a dictionary a page hands to an island (islands do not ship both languages). */
export type IslandMessages = Readonly<Record<string, string>>;

export type IslandTranslate = (key: string, params?: MessageParams) => string;

/** The key under which a page passes its Intl locale with the messages (island-messages.server.ts). */
export const LOCALE_KEY = 'i18n.locale';

/** Numbers and plural forms follow the locale the page passed with the messages. */
export function islandTranslator(messages: IslandMessages): IslandTranslate {
  const locale = messages[LOCALE_KEY];
  return (key, params) => {
    const message = messages[key] ?? key;
    return params ? interpolate(message, params, locale) : message;
  };
}
