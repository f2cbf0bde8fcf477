import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, pluralRules } from './intl-formats';

describe('Intl formatters built once (issue 47: three per claim row on every render)', () => {
  it('gives the same formatter for the same locale and options, another for other options', () => {
    const day = dateTimeFormat('fr-CA', { day: 'numeric', timeZone: 'America/Vancouver' });
    expect(dateTimeFormat('fr-CA', { day: 'numeric', timeZone: 'America/Vancouver' })).toBe(day);
    expect(dateTimeFormat('fr-CA', { day: 'numeric', timeZone: 'Pacific/Kiritimati' })).not.toBe(
      day,
    );
    expect(dateTimeFormat('en-CA', { day: 'numeric', timeZone: 'America/Vancouver' })).not.toBe(
      day,
    );
    expect(numberFormat('fr-CA', { style: 'percent' })).toBe(
      numberFormat('fr-CA', { style: 'percent' }),
    );
    expect(pluralRules('fr-CA')).toBe(pluralRules('fr-CA'));
  });

  it('formats as a formatter built for the call would', () => {
    const moment = new Date('2026-12-06T06:12:00Z');
    const options = { dateStyle: 'long', timeZone: 'America/Vancouver' } as const;
    expect(dateTimeFormat('fr-CA', options).format(moment)).toBe(
      new Intl.DateTimeFormat('fr-CA', options).format(moment),
    );
    expect(pluralRules('fr-CA').select(0)).toBe('one');
  });

  it('refuses a zone Intl does not know, every time, caching nothing', () => {
    expect(() => dateTimeFormat('en-CA', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateTimeFormat('en-CA', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
