import type { AstroCookies } from 'astro';
import { PORTAL_TIME_ZONE } from '@site/islands/format';
import { knownTimeZone, ZONE_COOKIE } from '@site/islands/time/display-zone';

/** The zone a page's dates are rendered in (decision 122): the reader's, as their browser said. */
export function readerZone(cookies: AstroCookies): string {
  return knownTimeZone(cookies.get(ZONE_COOKIE)?.value) ?? PORTAL_TIME_ZONE;
}
