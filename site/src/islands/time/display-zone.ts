import { PORTAL_TIME_ZONE } from '../format';

/**
 * The cookie that tells the server the reader's time zone (decision 122), so a page is
 * rendered with the dates the browser will show: no text changes once it runs, no shift.
 */
export const ZONE_COOKIE = 'time_zone';

/** The IANA name of a zone Intl knows, in its canonical spelling; undefined for anything else. */
export function knownTimeZone(value: string | undefined): string | undefined {
  if (!value || value.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The zone of the browser's clock (the portal's where the browser does not say). */
export function browserTimeZone(): string {
  return knownTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? PORTAL_TIME_ZONE;
}

/** Remembers the browser's zone for the server's next page (a year; not personal data). */
export function rememberBrowserZone(document: Document): void {
  const secure = document.location.protocol === 'https:' ? '; Secure' : '';
  const zone = encodeURIComponent(browserTimeZone());
  document.cookie = `${ZONE_COOKIE}=${zone}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
