import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimStatus } from '@contracts/claims/catalogue';
import { type Harness, openHarness } from '@tests/support/claims/handler-harness';
import {
  claimLog,
  claimsProjectionSpec,
  statusSaved,
  submitted,
} from '@tests/support/projections/claims-projection-spec';
import { claimHistory } from './claim-versions';

/** Twelve versions: the submission, then the status moved back and forth eleven times. */
const STATUSES: ClaimStatus[] = ['Pending', 'In Progress'];
const twelveVersions = (id: string) =>
  claimLog(id, [
    submitted(id, 'ana'),
    ...Array.from({ length: 11 }, (_, n) =>
      statusSaved(
        id,
        n === 0 ? 'Submitted' : (STATUSES[(n + 1) % 2] as ClaimStatus),
        STATUSES[n % 2] as ClaimStatus,
      ),
    ),
  ]);

describe('claims projection: the Claims History of a claim, ten versions a page', () => {
  let harness: Harness;
  let spec: ReturnType<typeof claimsProjectionSpec>;
  const id = uuidv7();
  beforeAll(async () => {
    harness = await openHarness();
    spec = claimsProjectionSpec(harness.database.pool);
  });
  afterAll(() => harness.close());
  const history = (options?: Parameters<typeof claimHistory>[2]) =>
    claimHistory(harness.database.pool, id, options);

  it('given twelve versions, when the pages are read newest first, then ten and two, twelve in all', async () => {
    await spec
      .given()
      .when(...twelveVersions(id))
      .then(async () => {
        const first = await history();
        expect(first.total).toBe(12);
        expect(first.rows.map((row) => row.version)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
        const second = await history({ page: 2 });
        expect(second.rows.map((row) => row.version)).toEqual([2, 1]);
        expect(second.total).toBe(12);
        // A page below the first is the first.
        expect((await history({ page: 0 })).rows).toEqual(first.rows);
      });
  });

  it('given twelve versions of another claim, when read oldest first, then the submission leads and changed nothing', async () => {
    const other = uuidv7();
    await spec
      .given()
      .when(...twelveVersions(other))
      .then(async () => {
        const { rows } = await claimHistory(harness.database.pool, other, { direction: 'asc' });
        expect(rows.map((row) => row.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        expect(rows[0]?.changed).toEqual([]);
        expect(rows[1]).toMatchObject({
          status: 'Pending',
          changed: ['status'],
          updated_by: 'spec',
        });
      });
  });

  it('given a claim with no versions, when its history is read, then no row and a total of 0', async () => {
    expect(await claimHistory(harness.database.pool, uuidv7())).toEqual({ rows: [], total: 0 });
  });
});
