import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, openHarness } from '@tests/support/claims/handler-harness';
import { tableRows } from '@tests/support/projections/claims-log';
import { statusCounts } from '@tests/support/projections/claims-projection-helpers';
import {
  claimLog,
  statusSaved,
  submitted,
} from '@tests/support/projections/claims-projection-spec';
import { applyBatch } from '../runner/apply-batch';
import { readCheckpoint } from '../runner/checkpoints';
import { inTransaction } from '../runner/shadow-tables';
import { CLAIMS_PROJECTION, claimsProjection } from './claims-projection';
import { CLAIMS_TABLES } from './claims-tables';

const versionsOf = async (harness: Harness) =>
  (
    await harness.database.pool.query<{ submission_id: string; version: number; status: string }>(
      'select submission_id, version, status from claim_versions order by submission_id, version',
    )
  ).rows.map((row) => `${row.submission_id.slice(-4)} v${row.version} ${row.status}`);

describe('claims projection: a rebuild folded as it is read, batch by batch', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness();
  });
  afterAll(() => harness.close());

  const [a, b] = [uuidv7(), uuidv7()];
  const claimA = claimLog(a, [
    submitted(a, 'ana'),
    statusSaved(a, 'Submitted', 'Pending'),
    statusSaved(a, 'Pending', 'In Progress'),
    statusSaved(a, 'In Progress', 'Approved'),
  ]);
  const claimB = claimLog(b, [submitted(b, 'bob'), statusSaved(b, 'Submitted', 'Denied')]);
  const [a0, a1, a2, a3] = claimA;
  const [b0, b1] = claimB;

  /** Folds one batch as the rebuild does, and writes it. */
  const replay = async (events: typeof claimA, derivedLater = false) => {
    const fold = claimsProjection.replayFold?.();
    if (!fold) throw new Error('the claims projection folds replays');
    for (const event of events) fold.add(event);
    // COPY needs a client of its own, as the rebuild's transaction holds.
    await inTransaction(harness.database.pool, (client) =>
      fold.write(client, { replayFromStart: true, derivedLater }),
    );
  };

  it('given a claim’s first events together and its later ones split by another claim’s, when replayed in two batches, then every version once and the counts', async () => {
    // Batch 1: a0 and a1 in a row, then b0. Batch 2: a2, b1, a3 (a began in batch 1).
    await replay([a0, a1, b0].filter((e) => e !== undefined));
    await replay([a2, b1, a3].filter((e) => e !== undefined));
    const end = (id: string) => id.slice(-4);
    expect(await versionsOf(harness)).toEqual([
      `${end(a)} v1 Submitted`,
      `${end(a)} v2 Pending`,
      `${end(a)} v3 In Progress`,
      `${end(a)} v4 Approved`,
      `${end(b)} v1 Submitted`,
      `${end(b)} v2 Denied`,
    ]);
    expect(await statusCounts(harness)).toEqual([
      { status: 'Approved', claims: '1' },
      { status: 'Denied', claims: '1' },
    ]);
  });

  it('given the same log, when replayed with the counts left for later, then none until they are derived from the claims', async () => {
    await harness.database.pool.query('truncate claims, claim_versions, claim_status_counts');
    await replay([...claimA, ...claimB], true);
    expect(await statusCounts(harness)).toEqual([]);
    await claimsProjection.deriveAfterReplay?.(harness.database.pool);
    expect(await statusCounts(harness)).toEqual([
      { status: 'Approved', claims: '1' },
      { status: 'Denied', claims: '1' },
    ]);
  });

  it('names the tables it writes, the ones a rebuild swaps', async () => {
    const rows = await tableRows(harness.database.pool, CLAIMS_TABLES);
    expect(Object.keys(rows)).toEqual(['claims', 'claim_versions', 'claim_status_counts']);
    expect(rows.claims).toHaveLength(2);
  });
});

describe('claims projection: a live batch moving its checkpoint in one statement', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness();
  });
  afterAll(() => harness.close());

  it('given a claim projected, when a batch would take the last claim out of a status, then it leaves the batch to the transaction: nothing written, nothing moved', async () => {
    const pool = harness.database.pool;
    const id = uuidv7();
    const [first, second] = claimLog(id, [
      submitted(id, 'ana'),
      statusSaved(id, 'Submitted', 'Approved'),
    ]);
    if (!first || !second) throw new Error('two events');
    await applyBatch(pool, claimsProjection, [first]);
    const from = await readCheckpoint(pool, CLAIMS_PROJECTION);
    expect(from).toEqual(first.position);
    const moved = await claimsProjection.applyMovingCheckpoint?.(pool, [second], {
      name: CLAIMS_PROJECTION,
      from,
      to: second.position,
    });
    expect(moved).toBe(false);
    expect(await readCheckpoint(pool, CLAIMS_PROJECTION)).toEqual(from);
    expect(await statusCounts(harness)).toEqual([{ status: 'Submitted', claims: '1' }]);
    // The transaction takes it, and removes the emptied status.
    await applyBatch(pool, claimsProjection, [second]);
    expect(await statusCounts(harness)).toEqual([{ status: 'Approved', claims: '1' }]);
  });
});
