/**
 * The flow statuses of the spec's identity provider (§4), which our identity service keeps
 * so the screens follow the spec, plus the registration and recovery answers (§7, §8).
 */
export const FLOW_STATUSES = [
  'USERNAME_PASSWORD_REQUIRED',
  'INVALID_CREDENTIALS',
  'PASSWORD_LOCKED_OUT',
  'FAILED',
  'VERIFICATION_CODE_REQUIRED',
  'OTP_REQUIRED',
  'COMPLETED',
  'INVALID_VALUE',
  'CONSTRAINT_VIOLATION',
  'PASSWORD_EXPIRED',
  'REGISTRATION',
  'INCOMPLETE_REGISTRATION',
  'ACCOUNT_OK',
  'ACCOUNT_EXISTS',
  'RECOVERY_CODE_REQUIRED',
] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

/** Why a FAILED or INVALID_VALUE answer came (the spec's `details[0].code`). */
export const FLOW_DETAIL_CODES = [
  /** Unknown, expired or already used flow: start again. */
  'FLOW_NOT_FOUND',
  /** The flow is at another step than the call asks for. */
  'FLOW_STATE',
  /** A live code, not this one. */
  'WRONG_CODE',
  /** No live code: expired, used, or out of attempts. Ask for a new one. */
  'CODE_EXPIRED',
] as const;
export type FlowDetailCode = (typeof FLOW_DETAIL_CODES)[number];

/** Errors the identity service throws besides those of contracts/errors.ts. */
export const IDENTITY_ERROR_CODES = ['RATE_LIMITED'] as const;
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];
