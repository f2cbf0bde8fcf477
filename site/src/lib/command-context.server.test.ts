import { describe, expect, it } from 'vitest';
import { newCommandId, UUID_V7 } from './command-context.server';

describe('command ids', () => {
  it('given a thousand ids made at once, then each is a UUID v7, all differ, and they sort in the order made', () => {
    const ids = Array.from({ length: 1_000 }, () => newCommandId());
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('given ids a millisecond apart, then the later carries the later time', async () => {
    const first = newCommandId();
    await new Promise((resolve) => setTimeout(resolve, 2));
    const second = newCommandId();
    const millis = (id: string) => Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(millis(second)).toBeGreaterThan(millis(first));
  });
});
