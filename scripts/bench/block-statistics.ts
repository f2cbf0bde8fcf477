/** Intervals over a bench's blocks, each block giving one relative change of B against A. */

export const mean = (xs: readonly number[]): number =>
  xs.reduce((sum, x) => sum + x, 0) / xs.length;

/**
 * The median and a distribution-free 95 % interval for it (the sign test's order
 * statistics): one slice that met a checkpoint of the other Postgres moves a mean by several
 * per cent, the median hardly.
 */
export function medianInterval(xs: readonly number[]): {
  median: number;
  low: number;
  high: number;
} {
  const sorted = [...xs].sort((a, b) => a - b);
  const n = sorted.length;
  const median =
    n % 2 === 1
      ? (sorted[(n - 1) / 2] as number)
      : ((sorted[n / 2 - 1] as number) + (sorted[n / 2] as number)) / 2;
  // The largest k with P(Binomial(n, ½) < k) ≤ 2.5 %: [x(k), x(n−k+1)] holds the median.
  let k = 0;
  let below = 0;
  for (let i = 0; i <= n; i += 1) {
    const next = below + binomialHalf(n, i);
    if (next > 0.025) break;
    below = next;
    k = i + 1;
  }
  if (k < 1) return { median, low: Number.NaN, high: Number.NaN };
  return { median, low: sorted[k - 1] as number, high: sorted[n - k] as number };
}

function binomialHalf(n: number, i: number): number {
  let choose = 1;
  for (let j = 1; j <= i; j += 1) choose = (choose * (n - i + j)) / j;
  return choose / 2 ** n;
}

/** Two-sided 95 % quantiles of Student's t for 1 to 30 degrees of freedom. */
// biome-ignore format: a table
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
  2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** The mean and the half width of its 95 % interval (past 30 degrees, t at 30: wider). */
export function studentInterval(xs: readonly number[]): { centre: number; half: number } {
  const n = xs.length;
  const centre = mean(xs);
  if (n < 2) return { centre, half: Number.NaN };
  const variance = xs.reduce((sum, x) => sum + (x - centre) ** 2, 0) / (n - 1);
  const t = T95[Math.min(n - 1, T95.length) - 1] as number;
  return { centre, half: t * Math.sqrt(variance / n) };
}
