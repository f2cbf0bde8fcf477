import { RESEND_COOLDOWN_SECONDS, SESSION_TIMEOUT } from '@contracts/identity/limits';
import { CODE_VALIDITY_MINUTES } from './identity-mail';

/** Every number of the identity service, in one place (ADR 014 says why each). */

export const CODE_POLICY = {
  /** Wrong tries a code survives; the next try finds it spent. */
  maxAttempts: 5,
  /** The mails promise these, so the checks keep them. */
  validitySeconds: {
    verification: CODE_VALIDITY_MINUTES.verification * 60,
    'sign-in': CODE_VALIDITY_MINUTES.signIn * 60,
    recovery: CODE_VALIDITY_MINUTES.recovery * 60,
  },
  resendCooldownSeconds: RESEND_COOLDOWN_SECONDS,
} as const;

/** Failures counted per email (account or not) in fixed windows; reaching one locks sign-in. */
export const LOCKOUT = {
  windowSeconds: 15 * 60,
  maxPasswordFailures: 5,
  maxCodeFailures: 10,
  lockSeconds: 15 * 60,
} as const;

export const SESSION_LIFETIME = {
  idleSeconds: SESSION_TIMEOUT.idleLimitSeconds,
  /** However active, a session ends after a working day. */
  absoluteSeconds: 12 * 60 * 60,
} as const;

export interface RateRule {
  /** Also the counter's key prefix and the name a RateLimitedError carries. */
  readonly name: string;
  readonly limit: number;
  readonly windowSeconds: number;
  /** Counted per network address (`…:ip`), not per account: many people may share one. */
  readonly perAddress: boolean;
}

const rule = (name: string, limit: number, windowSeconds: number): RateRule => ({
  name,
  limit,
  windowSeconds,
  perAddress: name.endsWith(':ip'),
});

const MINUTES_15 = 15 * 60;
const HOUR = 60 * 60;

/** Requests per window, per address and per account (the email typed, whether it has an account or not). */
export const RATE_LIMITS = {
  signInStartPerIp: rule('sign-in-start:ip', 60, MINUTES_15),
  passwordPerIp: rule('password:ip', 30, MINUTES_15),
  passwordPerAccount: rule('password:account', 10, MINUTES_15),
  codePerIp: rule('code:ip', 60, MINUTES_15),
  codePerAccount: rule('code:account', 30, MINUTES_15),
  registrationPerIp: rule('registration:ip', 10, HOUR),
  registrationPerEmail: rule('registration:email', 5, HOUR),
  codeMailPerIp: rule('code-mail:ip', 30, HOUR),
  codeMailPerAccount: rule('code-mail:account', 10, HOUR),
  recoveryPerIp: rule('recovery:ip', 10, HOUR),
  recoveryPerEmail: rule('recovery:email', 5, HOUR),
  resetPerIp: rule('reset:ip', 30, MINUTES_15),
  resetPerEmail: rule('reset:email', 10, MINUTES_15),
  passwordChangePerAccount: rule('password-change:account', 5, MINUTES_15),
} as const;
