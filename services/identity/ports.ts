import type { IdentityStore } from '@contracts/identity/identity-store';
import type { Mailer } from '@contracts/mail';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What the identity service works with; passed in, never imported. */
export interface IdentityPorts {
  readonly store: IdentityStore;
  readonly mailer: Mailer;
  readonly clock: Clock;
  /**
   * Told of a mail that failed after the answer was given (recovery codes are sent in the
   * background; ADR 014). The error names the recipient, never the code.
   */
  readonly reportError?: (error: unknown) => void;
  /**
   * How many people one network address stands for: multiplies every per-address limit.
   * 1 by default; raise it where many claimants share an address (a NAT, a proxy).
   */
  readonly addressLimitFactor?: number;
}

/** Where a request came from, for the per-address limits. */
export interface RequestOrigin {
  readonly ip: string;
}
