import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { dateParts, PORTAL_TIME_ZONE } from '../format';
import { browserTimeZone } from './display-zone';

const ZoneContext = createContext<string>(PORTAL_TIME_ZONE);

/**
 * The reader's zone for the dates inside (decision 122): the server's guess (the zone
 * cookie, else the portal's) while the page hydrates, so the HTML and the first render
 * agree; then the browser's own.
 */
export function useReaderZone(serverZone: string): string {
  const [zone, setZone] = useState(serverZone);
  useEffect(() => setZone(browserTimeZone()), []);
  return zone;
}

export function ReaderZone({ zone, children }: { zone: string; children: ReactNode }) {
  return <ZoneContext.Provider value={zone}>{children}</ZoneContext.Provider>;
}

/**
 * A date in the reader's zone, in a `<time>` that carries the exact value. Outside an island
 * (rendered once on the server), `data-local-date` lets the page's script redo it in the
 * browser's zone.
 */
export function LocalDate({
  iso,
  lang,
  enhance = false,
}: {
  iso: string;
  lang: string;
  enhance?: boolean;
}) {
  const { day, zone } = dateParts(iso, lang, useContext(ZoneContext));
  // The zone may go on a line of its own (a table cell), so the date column is no wider.
  return (
    <time dateTime={iso} data-local-date={enhance ? lang : undefined}>
      {day}
      {zone && <span className="local-date__zone"> ({zone})</span>}
    </time>
  );
}
