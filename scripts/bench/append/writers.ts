import { percentile } from '../portal-process';

/** Runs N writers, each awaiting its own appends back to back, for a fixed time. */
export interface WriterRun {
  readonly events: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
}

/** One writer: appends one event per call (to its own stream) and resolves when it is stored. */
export type AppendOnce = () => Promise<void>;

export async function runWriters(
  writers: readonly AppendOnce[],
  durationMs: number,
): Promise<WriterRun> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    writers.map(async (appendOnce) => {
      while (performance.now() < deadline) {
        const before = performance.now();
        await appendOnce();
        latencies.push(performance.now() - before);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    events: latencies.length,
    seconds,
    eventsPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/** The run whose events/s is the median of the runs (an odd count is expected). */
export function medianRun(runs: readonly WriterRun[]): WriterRun {
  const sorted = [...runs].sort((a, b) => a.eventsPerSecond - b.eventsPerSecond);
  return sorted[Math.floor(sorted.length / 2)] as WriterRun;
}

/** About 300 bytes of JSON, like a claim field change. */
export function benchPayload(writer: number, sequence: number): Record<string, unknown> {
  return {
    claimId: `bench-${writer}`,
    sequence,
    field: 'claimDescription',
    before: 'The insured person was unable to work from the date shown on the certificate.',
    after: 'The insured person has been unable to work since the date on the attached certificate.',
    reason: 'customer correction',
  };
}
