import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  poolForTestDatabase,
  type TestDatabase,
} from '@tests/support/test-database';
import { FIRST_ANALYZE_AT, noteInsertedClaims } from './statistics-as-they-grow';

let database: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase();
  // A pool of its own: the count of inserted claims is kept per pool.
  pool = poolForTestDatabase(database.url, 2);
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

const reltuples = async (table: string) =>
  Number(
    (
      await pool.query<{ n: number }>(`select reltuples as n from pg_class where relname = $1`, [
        table,
      ])
    ).rows[0]?.n,
  );

describe('statistics for the claims tables while they grow', () => {
  it('analyzes them once the claims inserted reach 1,000, then 4,000, and not in between', async () => {
    expect(await reltuples('claims')).toBe(-1); // never analyzed
    expect(noteInsertedClaims(pool, FIRST_ANALYZE_AT - 1)).toBeUndefined();
    expect(await reltuples('claims')).toBe(-1);

    const first = noteInsertedClaims(pool, 1);
    expect(first).toBeInstanceOf(Promise);
    await first;
    expect(await reltuples('claims')).toBe(0); // analyzed, and empty
    expect(await reltuples('claim_versions')).toBe(0);

    expect(noteInsertedClaims(pool, 4 * FIRST_ANALYZE_AT - FIRST_ANALYZE_AT - 1)).toBeUndefined();
    const second = noteInsertedClaims(pool, 1);
    expect(second).toBeInstanceOf(Promise);
    await second;
    expect(noteInsertedClaims(pool, 1)).toBeUndefined(); // next at 16,000
    expect(noteInsertedClaims(pool, 0)).toBeUndefined();
  });
});

describe('statistics for the claims tables when the database is gone', () => {
  it('swallows a failed analyze and analyzes at the next threshold again', async () => {
    const gone = poolForTestDatabase(database.url, 1);
    await gone.end(); // every query on it now fails, as with a database that went away
    const failed = noteInsertedClaims(gone, FIRST_ANALYZE_AT);
    expect(failed).toBeInstanceOf(Promise);
    await expect(failed).resolves.toBeUndefined();
    // Not stuck as running: the next threshold tries again.
    expect(noteInsertedClaims(gone, 3 * FIRST_ANALYZE_AT - 1)).toBeUndefined();
    await expect(noteInsertedClaims(gone, 1)).resolves.toBeUndefined();
  });
});
