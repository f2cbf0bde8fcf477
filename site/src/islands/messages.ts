import { interpolate, type MessageParams } from '../i18n/interpolate';

/** The slice of a dictionary a page hands to an island (islands do not ship both languages). */
export type IslandMessages = Readonly<Record<string, string>>;

export type IslandTranslate = (key: string, params?: MessageParams) => string;

export function islandTranslator(messages: IslandMessages): IslandTranslate {
  return (key, params) => {
    const message = messages[key] ?? key;
    return params ? interpolate(message, params) : message;
  };
}
