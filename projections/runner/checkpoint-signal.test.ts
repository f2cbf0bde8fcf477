import { describe, expect, it } from 'vitest';
import { checkpointMoved, nextCheckpointMove } from './checkpoint-signal';

describe('checkpoint signal', () => {
  it('wakes a waiter as soon as its projection moves', async () => {
    const started = performance.now();
    const waiting = nextCheckpointMove('claims', 5_000);
    checkpointMoved('other');
    setTimeout(() => checkpointMoved('claims'), 10);
    await waiting;
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('gives up waiting after the interval when nothing moves', async () => {
    const started = performance.now();
    await nextCheckpointMove('quiet', 30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });
});
