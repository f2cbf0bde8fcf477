/** The p-th percentile of ascending durations (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** One line: count, median, p95, p99 and max of some durations in ms. */
export function summary(label: string, durations: readonly number[]): string {
  const sorted = [...durations].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  return `${label}: n=${sorted.length} p50 ${f(percentile(sorted, 50))} ms, p95 ${f(percentile(sorted, 95))} ms, p99 ${f(percentile(sorted, 99))} ms, max ${f(sorted.at(-1) ?? Number.NaN)} ms`;
}
