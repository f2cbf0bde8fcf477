import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIdentityPruner } from './identity-pruner';

afterEach(() => vi.useRealTimers());

describe('identity pruner', () => {
  it('prunes two minutes after start and then hourly, at the clock’s time, until stopped', async () => {
    vi.useFakeTimers();
    const at: Date[] = [];
    const now = new Date('2026-12-06T10:00:00Z');
    const stop = startIdentityPruner(
      { pruneExpired: async (when) => void at.push(when) },
      { warn: () => {} },
      { now: () => now },
    );
    await vi.advanceTimersByTimeAsync(2 * 60 * 1000 - 1);
    expect(at).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(at).toEqual([now]);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(at).toHaveLength(2);
    stop();
    await vi.advanceTimersByTimeAsync(3 * 60 * 60 * 1000);
    expect(at).toHaveLength(2);
  });

  it('logs a failed prune and tries again the next hour', async () => {
    vi.useFakeTimers();
    const warnings: string[] = [];
    let calls = 0;
    const stop = startIdentityPruner(
      {
        pruneExpired: async () => {
          calls += 1;
          throw new Error('database away');
        },
      },
      { warn: (_o: unknown, msg?: string) => void warnings.push(msg ?? '') },
    );
    await vi.advanceTimersByTimeAsync(2 * 60 * 1000 + 60 * 60 * 1000);
    expect(calls).toBe(2);
    expect(warnings).toHaveLength(2);
    stop();
  });
});
