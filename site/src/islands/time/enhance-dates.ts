import { formatDate } from '../format';
import { browserTimeZone } from './display-zone';

/**
 * Dates the server rendered outside any island (`<time data-local-date="{lang}">`), redone in
 * the browser's zone (decision 122). Each changes only where the server guessed the zone wrong.
 */
export function enhanceDates(root: ParentNode): void {
  const zone = browserTimeZone();
  for (const time of root.querySelectorAll<HTMLTimeElement>('time[data-local-date]')) {
    const text = formatDate(time.dateTime, time.dataset.localDate ?? 'en', zone);
    if (time.textContent !== text) time.textContent = text;
  }
}
