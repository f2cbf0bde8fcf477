import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the browser’s Idempotency-Key', () => {
  it('is a UUID v7 the API takes, carrying the time, and new each time', () => {
    const at = Date.UTC(2026, 10, 25, 17, 0, 0);
    const key = newIdempotencyKey(at);
    expect(key).toMatch(UUID_V7);
    expect(Number.parseInt(key.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(100);
    for (const k of keys) expect(k).toMatch(UUID_V7);
  });
});
