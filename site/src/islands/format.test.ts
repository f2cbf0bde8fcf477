import { describe, expect, it } from 'vitest';
import { formatAmount, greetingPeriod } from './format';

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
