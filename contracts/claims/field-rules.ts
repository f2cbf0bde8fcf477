/**
 * Field rules of the claim form, written once. The server's zod schema and the browser's
 * valibot schema are both built from these constants.
 */
export const POLICY_NUMBER = { maxLength: 20, pattern: /^[A-Za-z0-9-]+$/ } as const;
export const CLAIM_DESCRIPTION = { maxLength: 1000 } as const;

/** Staff claim edit, staff spec §5 and §9. */
export const CLAIM_NUMBER = { maxLength: 8, pattern: /^[A-Za-z0-9]+$/ } as const;

/** Typed as digits and at most one dot; empty means 0. Must stay under the maximum. */
export const BENEFIT_AMOUNT = {
  pattern: /^-?(\d+\.?\d*|\.\d+)$/,
  maxExclusive: 1_000_000,
  maxDecimals: 2,
} as const;

/** Payment dates: complete YYYY-MM-DD, years 1900 to 2100. */
export const PAYMENT_DATE = {
  pattern: /^(\d{4})-(\d{2})-(\d{2})$/,
  partialPattern: /^\d{0,4}(-\d{0,2}(-\d{0,2})?)?$/,
  minYear: 1900,
  maxYear: 2100,
} as const;
