import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { acquireLease, fencedBegin, isLeaseLost, releaseLease, renewLease } from './lease';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('leases', () => {
  let database: TestDatabase;
  const pool = () => database.pool;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('goes to one holder at a time, to another once expired, with a greater token', async () => {
    const first = await acquireLease(pool(), 'role:a', 'one', 200);
    expect(first).toBe(1n);
    expect(await acquireLease(pool(), 'role:a', 'two', 200)).toBeUndefined();
    expect(await renewLease(pool(), 'role:a', 1n, 200)).toBe(true);
    await pause(250);
    const second = await acquireLease(pool(), 'role:a', 'two', 200);
    expect(second).toBe(2n);
    expect(await renewLease(pool(), 'role:a', 1n, 200)).toBe(false);
    await releaseLease(pool(), 'role:a', 1n);
    expect(await acquireLease(pool(), 'role:a', 'three', 200)).toBeUndefined();
    await releaseLease(pool(), 'role:a', 2n);
    expect(await acquireLease(pool(), 'role:a', 'three', 200)).toBe(3n);
  });

  it('fences a write with a token that is no longer current', async () => {
    await acquireLease(pool(), 'role:b', 'one', 10_000);
    await expect(pool().query(`select lease_fence('role:b', 1)`)).resolves.toBeTruthy();
    const stale = await pool()
      .query(`select lease_fence('role:b', 0)`)
      .catch((error: unknown) => error);
    expect(isLeaseLost(stale)).toBe(true);
  });

  it('is not taken while a write of its holder is in flight, and never waits for it', async () => {
    await acquireLease(pool(), 'role:c', 'one', 100);
    const writer = await pool().connect();
    try {
      await writer.query(`begin; select lease_fence('role:c', 1)`);
      await pause(150);
      const started = Date.now();
      expect(await acquireLease(pool(), 'role:c', 'two', 100)).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(1_000);
      await writer.query('commit');
      expect(await acquireLease(pool(), 'role:c', 'two', 100)).toBe(2n);
    } finally {
      writer.release();
    }
  });

  it('lets go of a holder frozen inside a fenced transaction within about its TTL', async () => {
    const token = (await acquireLease(pool(), 'role:d', 'one', 300)) as bigint;
    const frozen = await pool().connect();
    frozen.on('error', () => {});
    try {
      const fence = { lease: 'role:d', token, ttlMs: 300, held: () => true };
      await frozen.query(fencedBegin(fence));
      // The holder sends nothing more: its transaction, and the row's share lock, end.
      await pause(600);
      expect(await acquireLease(pool(), 'role:d', 'two', 300)).toBe(token + 1n);
    } finally {
      frozen.release(true);
    }
  });
});
