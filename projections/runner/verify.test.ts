import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareLogPositions, type RecordedEvent } from '@contracts/event-store';
import { submitClaim } from '@services/claims/submit-claim';
import {
  claimantFor,
  customerContext,
  type Harness,
  openHarness,
  submitRequest,
} from '@tests/support/claims/handler-harness';
import { claimsProjection } from '../claims/claims-projection';
import { CLAIMS_TABLES } from '../claims/claims-tables';
import { applyBatch } from './apply-batch';
import { readCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { runProjections } from './run-projections';
import { projectAll, seedClaims, visibleEvents } from '@tests/support/projections/claims-log';
import { verifyProjection } from './verify';

const verify = (harness: Harness) =>
  verifyProjection(
    harness.database.pool,
    harness.ports.eventStore,
    claimsProjection,
    CLAIMS_TABLES,
    {
      batchSize: 4,
    },
  );

describe('verify', () => {
  let harness: Harness;
  let ids: string[];
  const pool = () => harness.database.pool;

  beforeAll(async () => {
    harness = await openHarness();
    ids = await seedClaims(harness, ['ana', 'ben']);
    await projectAll(harness, claimsProjection);
  });
  afterAll(() => harness.close());

  it('finds no difference after normal projection, at the live checkpoint', async () => {
    const result = await verify(harness);
    expect(result.differences).toEqual([]);
    expect(result.tables).toEqual([
      { table: 'claims', differingRows: 0 },
      { table: 'claim_versions', differingRows: 0 },
      { table: 'claim_status_counts', differingRows: 0 },
    ]);
    expect(result.checkpoint).toEqual(await readCheckpoint(pool(), 'claims'));
    expect(result.eventsApplied).toBe(2 * 5);
    const { rows } = await pool().query(
      `select 1 from pg_namespace where nspname = 'verify_claims'`,
    );
    expect(rows).toEqual([]);
  });

  it('rebuilds only up to the live checkpoint, not to the end of the log', async () => {
    await submitClaim(harness.ports, submitRequest, claimantFor('cy'), customerContext('cy'));
    await visibleEvents(harness);
    const result = await verify(harness);
    expect(result.differences).toEqual([]);
    expect(result.eventsApplied).toBe(2 * 5);
    await projectAll(harness, claimsProjection);
  });

  it('reports a hand-edited row with its table, key and columns, and rows only one side has', async () => {
    await pool().query(
      `update claims set status = 'Denied', benefit_amount = 7 where submission_id = $1`,
      [ids[0]],
    );
    await pool().query('delete from claim_versions where submission_id = $1 and version = 3', [
      ids[1],
    ]);
    const result = await verify(harness);
    expect(result.differences).toEqual([
      {
        table: 'claims',
        key: { submission_id: ids[0] },
        kind: 'changed',
        columns: [
          { column: 'status', live: 'Denied', rebuilt: 'Approved' },
          { column: 'benefit_amount', live: 7.0, rebuilt: 12.5 },
        ],
      },
      {
        table: 'claim_versions',
        key: { submission_id: ids[1], version: 3 },
        kind: 'only-rebuilt',
        columns: [],
      },
    ]);
    expect(result.tables).toEqual([
      { table: 'claims', differingRows: 1 },
      { table: 'claim_versions', differingRows: 1 },
      { table: 'claim_status_counts', differingRows: 0 },
    ]);
  });
});

/** The claims projection, except that applying its `failAt`-th event throws, once. */
function crashingOnce(failAt: number): Projection & { crashed: () => boolean } {
  let seen = 0;
  let crashed = false;
  return {
    ...claimsProjection,
    crashed: () => crashed,
    async apply(client, events) {
      for (const event of events) {
        seen += 1;
        if (seen === failAt && !crashed) {
          crashed = true;
          throw new Error(`crash injected at event ${failAt}`);
        }
        await claimsProjection.apply(client, [event]);
      }
    },
  };
}

async function appliedThrough(harness: Harness, events: readonly RecordedEvent[]) {
  const last = events.at(-1)?.position;
  for (let tries = 0; tries < 400; tries += 1) {
    const checkpoint = await readCheckpoint(harness.database.pool, 'claims');
    if (last && compareLogPositions(checkpoint, last) >= 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the runner did not reach the end of the log');
}

describe('verify after crashes', () => {
  let harness: Harness;
  let events: RecordedEvent[];

  beforeAll(async () => {
    harness = await openHarness();
    await seedClaims(harness, ['dee', 'eli', 'fay']);
    events = await visibleEvents(harness);
  });
  afterAll(() => harness.close());

  it('a projection that throws in the middle of a batch: the batch rolls back and is applied again on restart', async () => {
    const projection = crashingOnce(6);
    const pool = harness.database.pool;
    for (let restarts = 0; ; restarts += 1) {
      // A restart knows nothing but the stored checkpoint.
      const after = await readCheckpoint(pool, 'claims');
      const batch = await harness.ports.eventStore.readAll({ after, maxCount: 4 });
      if (batch.length === 0) break;
      await applyBatch(pool, projection, batch).catch((error: Error) => {
        expect(error.message).toBe('crash injected at event 6');
      });
      if (restarts > 100) throw new Error('no progress');
    }
    expect(projection.crashed()).toBe(true);
    expect(await readCheckpoint(pool, 'claims')).toEqual(events.at(-1)?.position);
    const result = await verify(harness);
    expect(result.differences).toEqual([]);
    const { rows } = await pool.query('select count(*)::int as n from claim_versions');
    expect(rows[0]?.n).toBe(3 * 5);
  });

  it('a worker that stops after its first batch: a new one resumes from the stored checkpoint', async () => {
    const pool = harness.database.pool;
    await pool.query('delete from projection_checkpoints');
    await pool.query('truncate claims, claim_versions, claim_status_counts');
    const first = await harness.ports.eventStore.readAll({
      after: await readCheckpoint(pool, 'claims'),
      maxCount: 5,
    });
    await applyBatch(pool, claimsProjection, first);
    expect(await readCheckpoint(pool, 'claims')).toEqual(first.at(-1)?.position);

    const runner = await runProjections({
      pool,
      eventStore: harness.ports.eventStore,
      projections: [claimsProjection],
      batchSize: 5,
      leaseTtlMs: 1_000,
    });
    await appliedThrough(harness, events);
    await runner.stop();

    const result = await verify(harness);
    expect(result.differences).toEqual([]);
    expect(result.eventsApplied).toBe(3 * 5);
  });
});
