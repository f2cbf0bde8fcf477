import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkpointMoved, knownCheckpoint, nextCheckpointMove } from './checkpoint-signal';

describe('checkpoint signal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('wakes a waiter as soon as its projection moves, and only then', async () => {
    let outcome: boolean | undefined;
    void nextCheckpointMove('claims', 5_000).then((moved) => {
      outcome = moved;
    });
    checkpointMoved('other');
    await vi.advanceTimersByTimeAsync(4_000);
    expect(outcome).toBeUndefined();
    checkpointMoved('claims');
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toBe(true);
  });

  it('gives up waiting after the interval when nothing moves, not before', async () => {
    let outcome: boolean | undefined;
    void nextCheckpointMove('quiet', 30).then((moved) => {
      outcome = moved;
    });
    await vi.advanceTimersByTimeAsync(29);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe(false);
  });
});

describe('what the signal knows of each database', () => {
  const at = (commit: number) => ({ commit: BigInt(commit), prepare: BigInt(commit) });
  const registered = (name: string) => {
    const signal = (globalThis as Record<symbol, { waiters: Map<string, Set<unknown>> }>)[
      Symbol.for('claims-portal.checkpoint-signal')
    ];
    return signal?.waiters.get(name)?.size ?? 0;
  };

  it('never moves a known checkpoint back', () => {
    const database = {};
    checkpointMoved('forward', database, at(5));
    checkpointMoved('forward', database, at(3));
    expect(knownCheckpoint('forward', database)).toEqual(at(5));
    checkpointMoved('forward', database, at(8));
    expect(knownCheckpoint('forward', database)).toEqual(at(8));
  });

  it('keeps the last position when a move names no position or no database', () => {
    const database = {};
    checkpointMoved('partial', database, at(4));
    expect(() => checkpointMoved('partial', database)).not.toThrow();
    expect(() => checkpointMoved('partial', undefined, at(9))).not.toThrow();
    expect(knownCheckpoint('partial', database)).toEqual(at(4));
  });

  it('leaves neither a timer nor a waiter behind once a wait ends, woken or timed out', async () => {
    vi.useFakeTimers();
    try {
      const woken = nextCheckpointMove('tidy', 5_000);
      expect(registered('tidy')).toBe(1);
      checkpointMoved('tidy');
      expect(await woken).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
      const timedOut = nextCheckpointMove('tidy-quiet', 30);
      await vi.advanceTimersByTimeAsync(30);
      expect(await timedOut).toBe(false);
      expect(registered('tidy-quiet')).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
