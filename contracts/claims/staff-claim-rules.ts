import { BENEFIT_AMOUNT, CLAIM_NUMBER, PAYMENT_DATE } from './field-rules';
import type { StaffClaimMessageCode } from './messages';

/**
 * The staff claim edit rules (staff spec §5) as plain checks, shared by the admin form and
 * the amendment decider. Each returns the message code of the first rule broken.
 */

/** Claim numbers are stored trimmed and upper-case, so `ab12` and `AB12` are one number. */
export const normalizeClaimNumber = (value: string) => value.trim().toUpperCase();

export function claimNumberError(value: string): StaffClaimMessageCode | undefined {
  const claimNumber = value.trim();
  if (claimNumber === '') return 'claimNumber.required';
  if (claimNumber.length > CLAIM_NUMBER.maxLength) return 'claimNumber.tooLong';
  if (!CLAIM_NUMBER.pattern.test(claimNumber)) return 'claimNumber.notAlphanumeric';
  return undefined;
}

export type BenefitAmountResult =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly code: StaffClaimMessageCode };

/** Reads the amount as typed; empty becomes 0. */
export function parseBenefitAmount(input: string | number): BenefitAmountResult {
  const text = (typeof input === 'number' ? String(input) : input).trim();
  if (text === '') return { ok: true, value: 0 };
  if (!BENEFIT_AMOUNT.pattern.test(text)) return { ok: false, code: 'benefitAmount.invalid' };
  const value = Number(text);
  if (value < 0) return { ok: false, code: 'benefitAmount.negative' };
  if (value >= BENEFIT_AMOUNT.maxExclusive) return { ok: false, code: 'benefitAmount.tooLarge' };
  const decimals = text.split('.')[1] ?? '';
  if (decimals.length > BENEFIT_AMOUNT.maxDecimals) {
    return { ok: false, code: 'benefitAmount.tooManyDecimals' };
  }
  return { ok: true, value: Math.round(value * 100) / 100 };
}

export type PaymentDateField = 'firstPaymentDate' | 'lastPaymentDate';

/** At save: an empty date is no date; anything else must be a real YYYY-MM-DD in range. */
export function paymentDateError(
  field: PaymentDateField,
  value: string,
): StaffClaimMessageCode | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  const parts = PAYMENT_DATE.pattern.exec(text);
  if (!parts) {
    return PAYMENT_DATE.partialPattern.test(text)
      ? `${field}.incomplete`
      : `${field}.invalidFormat`;
  }
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  if (year < PAYMENT_DATE.minYear) return `${field}.beforeMinimum`;
  if (year > PAYMENT_DATE.maxYear) return `${field}.afterMaximum`;
  if (month < 1 || month > 12) return `${field}.invalidMonth`;
  if (day < 1 || day > 31) return `${field}.invalidDay`;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return `${field}.invalidDate`;
  return undefined;
}

/** While typing: partial input is tolerated, other characters are not; on leaving the field it must be complete. */
export function dateTypingError(
  value: string,
  { leaving }: { readonly leaving: boolean },
): StaffClaimMessageCode | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  if (!PAYMENT_DATE.partialPattern.test(text)) return 'date.format';
  if (leaving && !PAYMENT_DATE.pattern.test(text)) return 'date.incomplete';
  return undefined;
}

/** Both dates valid and present: the end may not come before the start. */
export function paymentPeriodError(
  firstPaymentDate: string | null,
  lastPaymentDate: string | null,
): StaffClaimMessageCode | undefined {
  if (!firstPaymentDate || !lastPaymentDate) return undefined;
  return lastPaymentDate < firstPaymentDate ? 'lastPaymentDate.beforeFirstPaymentDate' : undefined;
}
