import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_OF_LOG } from '@contracts/event-store';
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
  submitRequest,
} from '@tests/support/claims/handler-harness';
import { applyBatch } from '../runner/run-projections';
import { claimHistory, HISTORY_COLUMNS } from './claim-versions';
import { claimsProjection } from './claims-projection';

describe('claim versions (Claims History)', () => {
  let harness: Harness;
  let submissionId: string;

  const applyEverything = async () => {
    const events = await harness.ports.eventStore.readAll({ after: START_OF_LOG, maxCount: 1_000 });
    await applyBatch(harness.database.pool, claimsProjection, events);
    return events;
  };

  beforeAll(async () => {
    harness = await openHarness();
    ({ submissionId } = await submitClaim(
      harness.ports,
      submitRequest,
      claimantFor('dana'),
      customerContext('dana'),
    ));
    await addAdditionalDocuments(
      harness.ports,
      { submissionId, files: [{ fileName: 'roe.pdf', bytes: pdfBytes('roe') }] },
      claimantFor('dana'),
      customerContext('dana'),
    );
    await amendClaim(
      harness.ports,
      {
        readVersion: 'latest',
        submissionId,
        changes: {
          claimNumber: 'H1',
          status: 'Pending',
          benefitAmount: '99.5',
          firstPaymentDate: '2024-01-15',
        },
      },
      staffMember,
      staffContext(),
    );
    // The log may lag transactions still open elsewhere on the shared test server.
    const { rows } = await harness.database.pool.query('select count(*)::int as n from events');
    for (let tries = 0; (await applyEverything()).length < rows[0].n && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(() => harness.close());

  it('keeps one row per version with every history column, newest first', async () => {
    const history = await claimHistory(harness.database.pool, submissionId);
    expect(history.total).toBe(3);
    expect(history.rows.map((r) => r.version)).toEqual([3, 2, 1]);
    expect(history.rows[0]).toMatchObject({
      claim_number: 'H1',
      status: 'Pending',
      benefit_amount: '99.50',
      additional_document_count: 1,
      initial_document_count: 0,
    });
    const { actor } = staffContext();
    expect(history.rows[0]?.updated_by).toBe(actor.email ?? actor.id);
    expect(history.rows[2]).toMatchObject({ version: 1, claim_number: null, status: 'Submitted' });
    expect(history.rows.map((r) => [...r.changed].sort())).toEqual([
      ['benefit_amount', 'claim_number', 'first_payment_date', 'status'],
      ['additional_document_count'],
      [],
    ]);
    expect(Object.keys(history.rows[0] ?? {}).filter((key) => key !== 'changed')).toEqual([
      ...HISTORY_COLUMNS,
    ]);
  });

  it('sends date-only values as YYYY-MM-DD text, never a Date at midnight UTC', async () => {
    const history = await claimHistory(harness.database.pool, submissionId);
    expect(history.rows[0]?.first_payment_date).toBe('2024-01-15');
    expect(history.rows[0]?.last_payment_date).toBeNull();
    expect(history.rows[0]?.dob).toBe(claimantFor('dana').dateOfBirth);
    const byDay = await claimHistory(harness.database.pool, submissionId, {
      sort: 'first_payment_date',
      direction: 'asc',
    });
    expect(byDay.rows.map((r) => r.first_payment_date)).toEqual(['2024-01-15', null, null]);
  });

  it('sorts by any history column and falls back to version for an unknown one', async () => {
    const byStatus = await claimHistory(harness.database.pool, submissionId, {
      sort: 'status',
      direction: 'asc',
    });
    expect(byStatus.rows.map((r) => r.status)).toEqual(['Pending', 'Submitted', 'Submitted']);
    const unknown = await claimHistory(harness.database.pool, submissionId, {
      sort: 'version; drop table claims' as never,
    });
    expect(unknown.rows.map((r) => r.version)).toEqual([3, 2, 1]);
  });

  it('changes nothing when every event is applied again', async () => {
    const before = await harness.database.pool.query(
      'select * from claim_versions order by version',
    );
    await harness.database.pool.query('delete from projection_checkpoints');
    await applyEverything();
    const after = await harness.database.pool.query(
      'select * from claim_versions order by version',
    );
    expect(after.rows).toEqual(before.rows);
  });
});
