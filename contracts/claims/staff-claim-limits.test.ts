import { describe, expect, it } from 'vitest';
import { CLAIM_NUMBER, PAYMENT_DATE } from './field-rules';
import {
  claimNumberError,
  parseBenefitAmount,
  paymentDateError,
  paymentPeriodError,
} from './staff-claim-rules';

/** Issue 48: the edges of each staff rule, where a mutant that moves a bound survived. */
describe('staff claim rules at their edges', () => {
  it('takes a claim number of exactly the maximum length, trimmed, and refuses one more', () => {
    const longest = 'A'.repeat(CLAIM_NUMBER.maxLength);
    expect(claimNumberError(longest)).toBeUndefined();
    expect(claimNumberError(`  ${longest}  `)).toBeUndefined();
    expect(claimNumberError(`${longest}B`)).toBe('claimNumber.tooLong');
  });

  it('reads an amount with spaces around it, typed or as a number', () => {
    expect(parseBenefitAmount(' 12.5 ')).toEqual({ ok: true, value: 12.5 });
    expect(parseBenefitAmount(7)).toEqual({ ok: true, value: 7 });
  });

  it('takes the last year, month and day of the range and refuses the next', () => {
    const max = PAYMENT_DATE.maxYear;
    expect(paymentDateError('firstPaymentDate', `${max}-12-31`)).toBeUndefined();
    expect(paymentDateError('firstPaymentDate', ` ${max}-01-01 `)).toBeUndefined();
    expect(paymentDateError('firstPaymentDate', `${max + 1}-01-01`)).toBe(
      'firstPaymentDate.afterMaximum',
    );
    expect(paymentDateError('lastPaymentDate', '2026-13-01')).toBe('lastPaymentDate.invalidMonth');
    expect(paymentDateError('lastPaymentDate', '2026-00-01')).toBe('lastPaymentDate.invalidMonth');
    expect(paymentDateError('lastPaymentDate', '2026-01-32')).toBe('lastPaymentDate.invalidDay');
    expect(paymentDateError('lastPaymentDate', '2026-01-00')).toBe('lastPaymentDate.invalidDay');
  });

  it('treats blank as no date', () => {
    expect(paymentDateError('firstPaymentDate', '   ')).toBeUndefined();
  });

  it('lets a period end on the day it starts, and only checks it when both dates are there', () => {
    expect(paymentPeriodError('2026-03-01', '2026-03-01')).toBeUndefined();
    expect(paymentPeriodError('2026-03-02', '2026-03-01')).toBe(
      'lastPaymentDate.beforeFirstPaymentDate',
    );
    expect(paymentPeriodError(null, '2026-03-01')).toBeUndefined();
    expect(paymentPeriodError('2026-03-02', null)).toBeUndefined();
  });
});
