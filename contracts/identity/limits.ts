/** The identity numbers the browser shows or counts down too (customer spec §2, §4 and §9). */

/** A sign-in or recovery flow lives this long from its start. */
export const FLOW_LIFETIME_SECONDS = 30 * 60;

/** A new code may be asked for this long after the last one was sent. */
export const RESEND_COOLDOWN_SECONDS = { verification: 60, recovery: 120 } as const;

/**
 * After 660 s without activity the page warns and counts down 120 s; the server refuses a
 * session idle for longer than both together.
 */
export const SESSION_TIMEOUT = {
  warnAfterIdleSeconds: 660,
  countdownSeconds: 120,
  idleLimitSeconds: 660 + 120,
} as const;
