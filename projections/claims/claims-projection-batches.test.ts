import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compareLogPositions } from '@contracts/event-store';
import { addAdditionalDocuments } from '@services/claims/add-additional-documents';
import { amendClaim } from '@services/claims/amend-claim';
import { submitClaim } from '@services/claims/submit-claim';
import {
  claimantFor,
  customerContext,
  type Harness,
  openHarness,
  pdfBytes,
  staffContext,
  staffMember,
} from '@tests/support/claims/handler-harness';
import { readCheckpoint } from '../runner/checkpoints';
import { applyBatch } from '../runner/run-projections';
import { inTransaction } from '../runner/shadow-tables';
import { CLAIMS_PROJECTION, claimsProjection } from './claims-projection';
import { listCustomerClaims } from './customer-claims-query';

import {
  applyAll,
  context,
  eventCount,
  readAllVisible,
  request,
  snapshot,
  statusCounts,
  versionSnapshot,
} from '@tests/support/projections/claims-projection-helpers';

describe('claims projection: a live batch in one statement (issue 30)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness();
  });
  afterAll(() => harness.close());

  const submitFor = (customerId: string, policyNumber: string) =>
    submitClaim(
      harness.ports,
      { ...request, policyNumber },
      claimantFor(customerId),
      context(customerId, new Date('2026-04-01')),
    );
  const listed = async (customerId: string) =>
    (await listCustomerClaims(harness.database.pool, customerId)).map((c) => c.policyNumber);
  // The runner's transaction takes a client of its own (`connect()`); `pool.query` takes one
  // with a callback for its single statement.
  const transactionsOpened = (connect: { mock: { calls: unknown[][] } }) =>
    connect.mock.calls.filter((args) => args.length === 0).length;
  const claimVersionCount = async () =>
    Number(
      (await harness.database.pool.query('select count(*) from claim_versions')).rows[0].count,
    );

  const saveAmount = (submissionId: string, claimNumber: string, benefitAmount: string) =>
    amendClaim(
      harness.ports,
      { readVersion: 'latest', submissionId, changes: { claimNumber, benefitAmount } },
      staffMember,
      staffContext(),
    );
  /** The SQL the pool was given while `work` ran. */
  const queriesDuring = async (work: () => Promise<unknown> | undefined) => {
    const query = vi.spyOn(harness.database.pool, 'query');
    try {
      await work();
      return query.mock.calls.map(([config]) =>
        String(typeof config === 'string' ? config : (config as { text?: string }).text),
      );
    } finally {
      query.mockRestore();
    }
  };

  it('after a batch of its own, writes the next without a transaction, and moves the checkpoint with it', async () => {
    await submitFor('dave', 'ONE-1');
    await applyAll(harness);
    await submitFor('dave', 'ONE-2');
    const events = await readAllVisible(harness.ports.eventStore, await eventCount(harness));
    const connect = vi.spyOn(harness.database.pool, 'connect');
    await applyBatch(harness.database.pool, claimsProjection, events);
    expect(transactionsOpened(connect)).toBe(0);
    connect.mockRestore();
    expect(await listed('dave')).toEqual(['ONE-2', 'ONE-1']);
    expect(await readCheckpoint(harness.database.pool, CLAIMS_PROJECTION)).toEqual(
      events.at(-1)?.position,
    );
  });

  it('takes the transaction when another worker moved the checkpoint, and skips what it applied', async () => {
    await submitFor('erin', 'MOVED-1');
    const events = await readAllVisible(harness.ports.eventStore, await eventCount(harness));
    const last = events.at(-1)?.position;
    // Another worker applied everything up to the last event (its rows are not ours to see).
    await harness.database.pool.query(
      `update projection_checkpoints set commit_position = $1, prepare_position = $2 where name = $3`,
      [String(last?.commit), String(last?.prepare), CLAIMS_PROJECTION],
    );
    const connect = vi.spyOn(harness.database.pool, 'connect');
    await applyBatch(harness.database.pool, claimsProjection, events);
    expect(transactionsOpened(connect)).toBe(1);
    connect.mockRestore();
    expect(await listed('erin')).toEqual([]);
  });

  it("writes nothing and moves nothing when a new claim's row exists already", async () => {
    const pool = harness.database.pool;
    const from = await readCheckpoint(pool, CLAIMS_PROJECTION);
    const versions = await claimVersionCount();
    const events = await readAllVisible(harness.ports.eventStore, await eventCount(harness));
    const daveSubmitted = events.filter(
      (e) => claimsProjection.handles(e) && e.streamRevision === 0n,
    );
    const to = { commit: from.commit + 1n, prepare: from.prepare + 1n };
    const moved = await claimsProjection.applyMovingCheckpoint?.(pool, daveSubmitted, {
      name: CLAIMS_PROJECTION,
      from,
      to,
    });
    expect(moved).toBe(false);
    expect(await readCheckpoint(pool, CLAIMS_PROJECTION)).toEqual(from);
    expect(await claimVersionCount()).toBe(versions);
  });

  it('moves nothing when the checkpoint is not where the batch expects it', async () => {
    const pool = harness.database.pool;
    const at = await readCheckpoint(pool, CLAIMS_PROJECTION);
    await submitFor('fran', 'ELSEWHERE-1');
    const events = await readAllVisible(harness.ports.eventStore, await eventCount(harness));
    const fresh = events.filter((e) => compareLogPositions(e.position, at) > 0);
    const moved = await claimsProjection.applyMovingCheckpoint?.(pool, fresh, {
      name: CLAIMS_PROJECTION,
      from: { commit: at.commit + 1n, prepare: at.prepare + 1n },
      to: events.at(-1)?.position ?? at,
    });
    expect(moved).toBe(false);
    expect(await listed('fran')).toEqual([]);
    expect(await readCheckpoint(pool, CLAIMS_PROJECTION)).toEqual(at);
  });

  it('folds a claim edited again from the row it wrote last, without reading it back', async () => {
    const pool = harness.database.pool;
    const { submissionId } = await submitFor('gina', 'EDITED-1');
    await applyAll(harness);
    const save = async (benefitAmount: string) => {
      await saveAmount(submissionId, 'G0000001', benefitAmount);
      return queriesDuring(() => applyAll(harness));
    };
    await save('101.00');
    const second = await save('102.00');
    expect(second.filter((text) => text.includes('row_to_json'))).toEqual([]);
    const row = (await pool.query('select * from claims where submission_id = $1', [submissionId]))
      .rows[0];
    expect(row).toMatchObject({ version: 3, benefit_amount: '102.00' });
    const versions = await pool.query(
      'select version, benefit_amount from claim_versions where submission_id = $1 order by version',
      [submissionId],
    );
    expect(versions.rows.map((v) => [v.version, Number(v.benefit_amount)])).toEqual([
      [1, 0],
      [2, 101],
      [3, 102],
    ]);
  });

  it('reads the row again when the next event does not chain on from the one it remembers', async () => {
    const pool = harness.database.pool;
    const { submissionId } = await submitFor('hugo', 'FORGED-1');
    await applyAll(harness);
    await saveAmount(submissionId, 'H0000001', '5.00');
    const events = await applyAll(harness);
    const last = events
      .filter((e) => (e.data as { submissionId?: string }).submissionId === submissionId)
      .at(-1);
    if (!last) throw new Error('no event of the claim');
    // The next revision, but not chained to the remembered event (as a reset store could have).
    const forged = { ...last, streamRevision: last.streamRevision + 1n };
    const at = await readCheckpoint(pool, CLAIMS_PROJECTION);
    const texts = await queriesDuring(() =>
      claimsProjection.applyMovingCheckpoint?.(pool, [forged], {
        name: CLAIMS_PROJECTION,
        from: { commit: at.commit + 1n, prepare: at.prepare },
        to: { commit: at.commit + 2n, prepare: at.prepare },
      }),
    );
    expect(texts.filter((text) => text.includes('row_to_json'))).toHaveLength(1);
  });
});

describe('claims projection: a rebuild folded as it is read (issue 30)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness();
    const submit = (customer: string, policyNumber: string) =>
      submitClaim(
        harness.ports,
        { ...request, policyNumber },
        claimantFor(customer),
        customerContext(customer),
      );
    const amend = (submissionId: string, status: 'Pending' | 'Approved', benefitAmount: string) =>
      amendClaim(
        harness.ports,
        {
          readVersion: 'latest',
          submissionId,
          changes: { claimNumber: `cl${benefitAmount.replace('.', '')}`, status, benefitAmount },
        },
        staffMember,
        staffContext(),
      );
    // Claims' events interleaved in the log, as customers and staff work at once.
    const a = await submit('alice', 'POL-A');
    const b = await submit('bob', 'POL-B');
    await amend(a.submissionId, 'Pending', '10.50');
    await addAdditionalDocuments(
      harness.ports,
      { submissionId: b.submissionId, files: [{ fileName: 'roe.pdf', bytes: pdfBytes('roe') }] },
      claimantFor('bob'),
      customerContext('bob'),
    );
    await submit('carol', 'POL-C');
    await amend(b.submissionId, 'Approved', '99');
    await amend(a.submissionId, 'Approved', '1200.75');
    await applyAll(harness);
  });
  afterAll(() => harness.close());

  it('gives the rows the live projector wrote, in one batch, a batch per event, or two events a batch', async () => {
    const claims = await snapshot(harness);
    const versions = await versionSnapshot(harness);
    const counts = await statusCounts(harness);
    expect(claims).toHaveLength(3);
    expect(versions).toHaveLength(7);
    const handled = (
      await readAllVisible(harness.ports.eventStore, await eventCount(harness))
    ).filter((e) => claimsProjection.handles(e));
    const fold = claimsProjection.replayFold;
    if (!fold) throw new Error('the claims projection folds a rebuild as it reads');
    const foldInBatches = async (size: number) => {
      await harness.database.pool.query('truncate claims, claim_versions, claim_status_counts');
      for (let start = 0; start < handled.length; start += size) {
        const folded = fold();
        for (const event of handled.slice(start, start + size)) folded.add(event);
        await inTransaction(harness.database.pool, (client) =>
          folded.write(client, { replayFromStart: true }),
        );
      }
      expect(await snapshot(harness), `batches of ${size}`).toEqual(claims);
      expect(await versionSnapshot(harness), `batches of ${size}`).toEqual(versions);
      expect(await statusCounts(harness), `batches of ${size}`).toEqual(counts);
    };
    for (const size of [handled.length, 1, 2]) await foldInBatches(size);
  });
});
