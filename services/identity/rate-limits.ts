import type { CounterWindow } from '@contracts/identity/identity-store';
import { RateLimitedError } from '@contracts/identity/rate-limited-error';
import type { RateRule } from './limits';
import type { IdentityPorts } from './ports';
import { sha256Hex } from './secrets';

/** The fixed window of `seconds` that holds `now`. */
export function fixedWindow(now: Date, seconds: number): CounterWindow {
  const size = seconds * 1000;
  const start = Math.floor(now.getTime() / size) * size;
  return { start: new Date(start), end: new Date(start + size) };
}

const secondsUntil = (end: Date, now: Date) =>
  Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));

/**
 * Counts the request against each rule, then refuses it if any rule is over its limit.
 * Per-address limits are multiplied by the ports' `addressLimitFactor` (default 1).
 */
export async function enforceRateLimits(
  ports: Pick<IdentityPorts, 'store' | 'addressLimitFactor'>,
  now: Date,
  checks: readonly (readonly [RateRule, string])[],
): Promise<void> {
  const factor = ports.addressLimitFactor ?? 1;
  const counts = await Promise.all(
    checks.map(async ([rule, subject]) => {
      const window = fixedWindow(now, rule.windowSeconds);
      const key = `${rule.name}:${sha256Hex(subject.toLowerCase())}`;
      const limit = rule.perAddress ? rule.limit * factor : rule.limit;
      return { rule, window, limit, count: await ports.store.countHit(key, window) };
    }),
  );
  const over = counts.find(({ limit, count }) => count > limit);
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
