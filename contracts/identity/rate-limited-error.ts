/** Why a request was refused with 429. */
export type RateLimitReason = 'TOO_MANY_REQUESTS' | 'RESEND_COOLDOWN';

/**
 * Too many requests for an account or an address, or a new code asked for too soon. The
 * HTTP layer answers 429 with `Retry-After: retryAfterSeconds`.
 */
export class RateLimitedError extends Error {
  readonly code = 'RATE_LIMITED';
  constructor(
    readonly reason: RateLimitReason,
    readonly retryAfterSeconds: number,
    /** The name of the limit, for logs; never the account or the address. */
    readonly limit: string,
  ) {
    super(`Rate limited by ${limit}; retry after ${retryAfterSeconds} s`);
    this.name = 'RateLimitedError';
  }
}
