import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDate,
  formatNumber,
  greetingPeriod,
  hourIn,
  pluralKey,
} from './format';
import { knownTimeZone } from './time/display-zone';

describe('greetingPeriod', () => {
  it.each([
    [0, 'evening'],
    [1, 'morning'],
    [11, 'morning'],
    [12, 'afternoon'],
    [15, 'afternoon'],
    [16, 'evening'],
    [23, 'evening'],
  ] as const)('hour %i is %s', (hour, period) => {
    expect(greetingPeriod(hour)).toBe(period);
  });
});

describe('formatAmount', () => {
  it('shows dollars with two decimals in both languages', () => {
    expect(formatAmount(1234.5, 'en')).toBe('$1,234.50');
    expect(formatAmount(1234.5, 'fr').replace(/\s/g, ' ')).toBe('1 234,50 $');
  });
});

describe('formatNumber and pluralKey (issue 28 finding 8)', () => {
  it('writes decimals the way each language does', () => {
    expect(formatNumber(0.1, 'en', 1)).toBe('0.1');
    expect(formatNumber(0.1, 'fr', 1)).toBe('0,1');
    expect(formatNumber(4, 'fr')).toBe('4');
  });

  it('picks the plural form of each language', () => {
    expect(['en', 'fr', 'cn'].map((lang) => pluralKey('n', 0, lang))).toEqual([
      'n.other',
      'n.one',
      'n.other',
    ]);
    expect(pluralKey('n', 1, 'en')).toBe('n.one');
    expect(pluralKey('n', 1, 'fr')).toBe('n.one');
    expect(pluralKey('n', 2, 'fr')).toBe('n.other');
    expect(pluralKey('n', 1, 'cn')).toBe('n.other');
  });
});

describe('formatDate', () => {
  it('shows a date-only value as that very day, in every language', () => {
    expect(formatDate('2026-12-01', 'en')).toBe('December 1, 2026');
    expect(formatDate('2026-12-01', 'fr')).toBe('1 décembre 2026');
    expect(formatDate('2026-12-01', 'cn')).toBe('2026年12月1日');
  });

  it('shows a moment on its day in the portal’s zone, whatever zone the process runs in', () => {
    // 03:30 UTC on December 2 is still December 1 in Montréal.
    expect(formatDate('2026-12-02T03:30:00.000Z', 'en')).toBe('December 1, 2026');
  });
});

describe('formatDate in the reader’s zone (issue 47, decision 122)', () => {
  it('shows a moment on the reader’s day, naming a zone that is not the portal’s', () => {
    // 22:12 on July 5 in Vancouver is 05:12 UTC on July 6 (a summer day: BC's winter rules
    // change with the zone database).
    expect(formatDate('2026-07-06T05:12:00.000Z', 'en', 'America/Vancouver')).toBe(
      'July 5, 2026 (PDT)',
    );
    // 18:45 on December 6 in Kiritimati (UTC+14) is 04:45 UTC, still December 5 in Toronto.
    expect(formatDate('2026-12-06T04:45:00.000Z', 'fr', 'Pacific/Kiritimati')).toBe(
      '6 décembre 2026 (UTC+14)',
    );
    expect(formatDate('2026-12-06T04:45:00.000Z', 'en', 'America/Toronto')).toBe(
      'December 5, 2026',
    );
  });

  it('never shifts a date-only value, whatever the reader’s zone', () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Vancouver']) {
      expect(formatDate('2026-12-01', 'en', zone)).toBe('December 1, 2026');
    }
  });

  it('tells the hour on the reader’s clock', () => {
    expect(hourIn(new Date('2026-07-06T05:12:00.000Z'), 'America/Vancouver')).toBe(22);
    expect(hourIn(new Date('2026-12-06T04:45:00.000Z'), 'Pacific/Kiritimati')).toBe(18);
    expect(hourIn(new Date('2026-12-06T00:30:00.000Z'), 'UTC')).toBe(0);
  });

  it('takes only zones Intl knows from the zone cookie', () => {
    expect(knownTimeZone('Pacific/Pago_Pago')).toBe('Pacific/Pago_Pago');
    expect(knownTimeZone('Mars/Olympus')).toBeUndefined();
    expect(knownTimeZone('')).toBeUndefined();
    expect(knownTimeZone(undefined)).toBeUndefined();
  });
});
