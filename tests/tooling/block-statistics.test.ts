import { describe, expect, it } from 'vitest';
import { medianInterval, studentInterval } from '../../scripts/bench/block-statistics';

describe('the intervals a bench reports over its blocks', () => {
  it('gives the sign test’s order statistics as the median’s 95 % interval', () => {
    const ordered = (n: number) => Array.from({ length: n }, (_, i) => n - i);
    // Tables of the sign test: 20 values → the 6th and 15th; 8 → the 1st and 8th.
    expect(medianInterval(ordered(20))).toEqual({ median: 10.5, low: 6, high: 15 });
    expect(medianInterval(ordered(8))).toEqual({ median: 4.5, low: 1, high: 8 });
    expect(medianInterval(ordered(30))).toMatchObject({ low: 10, high: 21 });
    // Five values cannot hold a median at 95 %: P(all on one side) = 1/32 > 2.5 %.
    expect(medianInterval(ordered(5)).low).toBeNaN();
  });

  it('gives the mean with Student’s t for the blocks’ degrees of freedom', () => {
    const { centre, half } = studentInterval([1, 2, 3, 4]);
    expect(centre).toBe(2.5);
    // s = 1.291, n = 4, t(3) = 3.182: 3.182 × 1.291 / 2.
    expect(half).toBeCloseTo(2.054, 3);
    expect(studentInterval(Array.from({ length: 41 }, (_, i) => i % 2)).half).toBeCloseTo(
      (2.042 * Math.sqrt(0.25625)) / Math.sqrt(41),
      4,
    );
    expect(studentInterval([7]).half).toBeNaN();
  });
});
