import type { SqlClient } from '../runner/sql';

/**
 * The live projector analyzes the claims tables itself while they grow from few rows (issue
 * 30). Its one-statement batch is a named statement: each connection keeps the generic plan
 * it made at first, on the table as it was then. Made while `claims` held a handful of rows,
 * that plan reads the whole table to find the claims a staff save changed, and it keeps
 * doing so until an ANALYZE makes Postgres plan again: in the bench, 31,000 rows scanned
 * for each batch, about 10 ms, and on a fresh database autovacuum had not analyzed the
 * table within three minutes. So each time the claims this process inserted reach 1,000,
 * then four times as many (4,000, 16,000, …), it analyzes them once, in the background: a
 * handful of times while a table grows from nothing, each in proportion to what was added.
 */
export const FIRST_ANALYZE_AT = 1_000;
const GROWTH = 4;

interface Tally {
  inserted: number;
  next: number;
  running: boolean;
}

const tallies = new WeakMap<object, Tally>();

/**
 * Counts claims rows inserted through `pool` (a pool, never a client inside a transaction);
 * returns the ANALYZE it started, if it started one.
 */
export function noteInsertedClaims(pool: SqlClient, count: number): Promise<void> | undefined {
  if (count <= 0) return undefined;
  const tally = tallies.get(pool) ?? { inserted: 0, next: FIRST_ANALYZE_AT, running: false };
  tallies.set(pool, tally);
  tally.inserted += count;
  if (tally.inserted < tally.next || tally.running) return undefined;
  tally.next = tally.inserted * GROWTH;
  tally.running = true;
  // Autovacuum analyzes these tables as well; this only comes sooner while they are young.
  return pool
    .query('analyze claims, claim_versions')
    .then(
      () => {},
      () => {},
    )
    .finally(() => {
      tally.running = false;
    });
}
