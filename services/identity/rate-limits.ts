import type { CounterWindow, IdentityStore } from '@contracts/identity/identity-store';
import { RateLimitedError } from '@contracts/identity/rate-limited-error';
import type { RateRule } from './limits';
import { sha256Hex } from './secrets';

/** The fixed window of `seconds` that holds `now`. */
export function fixedWindow(now: Date, seconds: number): CounterWindow {
  const size = seconds * 1000;
  const start = Math.floor(now.getTime() / size) * size;
  return { start: new Date(start), end: new Date(start + size) };
}

const secondsUntil = (end: Date, now: Date) =>
  Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));

/** Counts the request against each rule, then refuses it if any rule is over its limit. */
export async function enforceRateLimits(
  store: IdentityStore,
  now: Date,
  checks: readonly (readonly [RateRule, string])[],
): Promise<void> {
  const counts = await Promise.all(
    checks.map(async ([rule, subject]) => {
      const window = fixedWindow(now, rule.windowSeconds);
      const key = `${rule.name}:${sha256Hex(subject.toLowerCase())}`;
      return { rule, window, count: await store.countHit(key, window) };
    }),
  );
  const over = counts.find(({ rule, count }) => count > rule.limit);
  if (over) {
    throw new RateLimitedError(
      'TOO_MANY_REQUESTS',
      secondsUntil(over.window.end, now),
      over.rule.name,
    );
  }
}

/** A new code too soon after the last one: refused until the cooldown ends. */
export function enforceCooldown(
  lastSentAt: Date | undefined,
  cooldownSeconds: number,
  now: Date,
  name: string,
): void {
  if (!lastSentAt) return;
  const availableAt = new Date(lastSentAt.getTime() + cooldownSeconds * 1000);
  if (availableAt > now) {
    throw new RateLimitedError('RESEND_COOLDOWN', secondsUntil(availableAt, now), name);
  }
}
