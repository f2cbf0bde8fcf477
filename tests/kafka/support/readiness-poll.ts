import { expect } from 'vitest';
import { percentile, summary } from './latency';

export interface ReadySample<P extends string> {
  readonly at: number;
  readonly phase: P;
  readonly ms: number;
  readonly status: string;
  readonly reasons: readonly string[];
}

/** Polls /api/health/ready as an orchestrator would, every 200 ms, tagging each answer. */
export async function pollReadiness<P extends string>(
  base: string,
  phaseNow: () => P,
  running: () => boolean,
  into: ReadySample<P>[],
): Promise<void> {
  while (running()) {
    const started = performance.now();
    const answer = await fetch(`${base}/api/health/ready`);
    const body = (await answer.json()) as { status: string; reasons: string[] };
    into.push({ at: Date.now(), phase: phaseNow(), ms: performance.now() - started, ...body });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * During a broker outage readiness stays fast (p99 under 100 ms) and, once the background
 * reading has seen the broker gone (it reads every second, 2 s a probe), says `degraded`
 * and names Kafka; it is never `down` for it.
 */
export function expectReadinessThroughOutage<P extends string>(
  samples: readonly ReadySample<P>[],
  outage: P,
  killedAt: number,
  log: (line: string) => void,
): void {
  const during = samples.filter((r) => r.phase === outage);
  const ms = during.map((r) => r.ms).sort((a, b) => a - b);
  log(summary('readiness during the outage', ms));
  expect(percentile(ms, 99)).toBeLessThan(100);
  const settled = during.filter((r) => r.at > killedAt + 5_000);
  expect(settled.length).toBeGreaterThan(10);
  for (const sample of settled) {
    expect(sample.status).toBe('degraded');
    expect(sample.reasons.join('; ')).toMatch(/(^|; )kafka: broker unreachable/);
  }
  expect(samples.map((r) => r.status)).not.toContain('down');
}
