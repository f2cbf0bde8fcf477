import type { StallWatch } from './stall-watch';

/** A POST timed by the broker-outage test: when it started (performance.now()) and took. */
export interface TimedPost {
  readonly postStartedAt: number;
  readonly postMs: number;
}

/**
 * A duration from the POST's start less the longest stall, during it, of the disk (a commit
 * waiting for its WAL flush, as the POST's append does) or of this process (which times the
 * POST). A stall of the portal's own event loop stays in: that one is the portal's.
 */
export function portalsOwnMs(stalls: StallWatch, s: TimedPost, ms: number): number {
  const seen = stalls.during(s.postStartedAt, s.postStartedAt + ms);
  return ms - Math.max(seen.databaseMs, seen.testProcessMs);
}

export function describeStalls(stalls: StallWatch, s: TimedPost): string {
  const seen = stalls.during(s.postStartedAt, s.postStartedAt + s.postMs);
  const ms = (n: number) => `${Math.round(n)} ms`;
  return `stalls during it: this process ${ms(seen.testProcessMs)}, a database commit ${ms(seen.databaseMs)}, the portal's event loop ${ms(seen.portalLoopMs)}`;
}
