import { describe, expect, it } from 'vitest';
import { newUuidV7 } from './uuid-v7';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('pooled UUID v7s', () => {
  it('given a thousand ids made at once, then each is a UUID v7, all differ, and they sort in the order made', () => {
    const ids = Array.from({ length: 1_000 }, () => newUuidV7());
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('given ids a millisecond apart, then the later carries the later time', async () => {
    const first = newUuidV7();
    await new Promise((resolve) => setTimeout(resolve, 2));
    const second = newUuidV7();
    const millis = (id: string) => Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(millis(second)).toBeGreaterThan(millis(first));
  });
});

describe('the random pool behind them (issue 48)', () => {
  it('given a pool of ids, then each takes its own random bytes: no two share their random tail', () => {
    const tails = Array.from({ length: 200 }, () => newUuidV7().slice(-12));
    expect(new Set(tails).size).toBe(tails.length);
  });
});
