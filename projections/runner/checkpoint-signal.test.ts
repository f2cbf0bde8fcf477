import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkpointMoved, nextCheckpointMove } from './checkpoint-signal';

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
