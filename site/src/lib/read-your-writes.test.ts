import { describe, expect, it } from 'vitest';
import { ownWriteWaitMs } from './read-your-writes.server';

describe('how long a read waits for its caller’s own write (decisions 096, 135)', () => {
  it('outlasts a frozen projector leader’s takeover: TTL + TTL/3, and a second to apply', () => {
    // The local stack (TTL 3 s) and the default (TTL 5 s), with the default 10 s deadline.
    expect(ownWriteWaitMs({ LEASE_TTL_MS: 3_000, REQUEST_DEADLINE_MS: 10_000 })).toBe(5_000);
    expect(ownWriteWaitMs({ LEASE_TTL_MS: 5_000, REQUEST_DEADLINE_MS: 10_000 })).toBe(7_667);
  });

  it('is never under 3 s, and ends a second before the request’s deadline', () => {
    expect(ownWriteWaitMs({ LEASE_TTL_MS: 300, REQUEST_DEADLINE_MS: 10_000 })).toBe(3_000);
    expect(ownWriteWaitMs({ LEASE_TTL_MS: 30_000, REQUEST_DEADLINE_MS: 10_000 })).toBe(9_000);
    // No deadline (0): only the takeover bounds it.
    expect(ownWriteWaitMs({ LEASE_TTL_MS: 30_000, REQUEST_DEADLINE_MS: 0 })).toBe(41_000);
  });
});
