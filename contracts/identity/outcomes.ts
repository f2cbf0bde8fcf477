import type { Claimant } from '../claims/events';

/**
 * What each identity call answers, in the spec's statuses (§4, §7). Expected refusals are
 * answers, not errors: the screens show a message per status. Bad input throws a
 * ValidationError, too many requests a RateLimitedError.
 */

export interface FlowFailed {
  readonly status: 'FAILED';
  readonly code: 'FLOW_NOT_FOUND' | 'FLOW_STATE';
}

export interface LockedOut {
  readonly status: 'PASSWORD_LOCKED_OUT';
  /** ISO instant. */
  readonly lockedUntil: string;
}

export interface CodeRefused {
  readonly status: 'INVALID_VALUE';
  readonly code: 'WRONG_CODE' | 'CODE_EXPIRED' | 'CODE_USED';
}

export interface SignInStarted {
  readonly status: 'USERNAME_PASSWORD_REQUIRED';
  /** Secret to the browser that started the flow: it is the only key to the next steps. */
  readonly flowId: string;
  readonly expiresAt: string;
}

export type PasswordCheckOutcome =
  | { readonly status: 'OTP_REQUIRED'; readonly flowId: string; readonly userId: string }
  /** Incomplete registration: a fresh verification code was mailed; verify with `userId`. */
  | {
      readonly status: 'VERIFICATION_CODE_REQUIRED';
      readonly flowId: string;
      readonly userId: string;
    }
  | { readonly status: 'INVALID_CREDENTIALS' }
  | LockedOut
  | FlowFailed;

export type SignInCodeOutcome =
  | { readonly status: 'COMPLETED'; readonly flowId: string; readonly claimant: Claimant }
  | CodeRefused
  | LockedOut
  | FlowFailed;

export type RegistrationOutcome =
  | {
      readonly status: 'VERIFICATION_CODE_REQUIRED';
      readonly userId: string;
      readonly resendAvailableAt: string;
    }
  | { readonly status: 'ACCOUNT_EXISTS' };

export type VerificationOutcome = { readonly status: 'ACCOUNT_OK' } | CodeRefused;

export type VerificationResendOutcome =
  | { readonly status: 'VERIFICATION_CODE_REQUIRED'; readonly resendAvailableAt: string }
  | { readonly status: 'ACCOUNT_OK' };

/** The same answer whether the email has an account or not. */
export interface RecoveryStarted {
  readonly status: 'RECOVERY_CODE_REQUIRED';
  readonly flowId: string;
  readonly resendAvailableAt: string;
}

/** After a reset, sign-in goes on at the verification screen with a mailed code (spec §3). */
export type PasswordResetOutcome =
  | { readonly status: 'COMPLETED'; readonly flowId: string; readonly userId: string }
  | CodeRefused
  | FlowFailed;
