import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStreamId } from '@contracts/claims/events';
import type { EventStore } from '@contracts/event-store';
import { addAdditionalDocuments } from '@services/claims/add-additional-documents';
import { amendClaim } from '@services/claims/amend-claim';
import { markDecisionLetterRead } from '@services/claims/mark-decision-letter-read';
import { submitClaim } from '@services/claims/submit-claim';
import {
  claimantFor,
  customerContext,
  type Harness,
  openHarness,
  pdfBytes,
  pngBytes,
  staffContext,
  staffMember,
  submitRequest,
} from '@tests/support/claims/handler-harness';
import { applyBatch } from '../runner/run-projections';
import { inTransaction } from '../runner/shadow-tables';
import { CLAIM_COLUMNS } from './claim-rows';
import { VERSION_COLUMNS } from './claim-versions';
import { claimsProjection } from './claims-projection';
import {
  getCustomerClaim,
  listCustomerClaimDocuments,
  listCustomerClaims,
} from './customer-claims-query';

import {
  applyAll,
  context,
  eventCount,
  readAllVisible,
  request,
  snapshot,
  versionSnapshot,
} from '@tests/support/projections/claims-projection-helpers';

describe('claims projection: submissions', () => {
  let harness: Harness;
  let store: EventStore;
  beforeAll(async () => {
    harness = await openHarness();
    store = harness.ports.eventStore;
  });
  afterAll(() => harness.close());

  it('lists each customer only their own claims, newest first, with the submitted defaults', async () => {
    const first = await submitClaim(
      harness.ports,
      request,
      claimantFor('alice'),
      context('alice', new Date('2026-01-01')),
    );
    const second = await submitClaim(
      harness.ports,
      { ...request, policyNumber: 'POL-2' },
      claimantFor('alice'),
      context('alice', new Date('2026-02-01')),
    );
    await submitClaim(
      harness.ports,
      request,
      claimantFor('bob'),
      context('bob', new Date('2026-03-01')),
    );
    await applyAll(harness);

    const claims = await listCustomerClaims(harness.database.pool, 'alice');
    expect(claims.map((c) => c.submissionId)).toEqual([second.submissionId, first.submissionId]);
    expect(claims[0]).toEqual({
      submissionId: second.submissionId,
      claimNumber: null,
      confirmationNumber: second.confirmationNumber,
      policyNumber: 'POL-2',
      productCode: '210',
      productType: 'Mortgage',
      claimType: 'Job Loss',
      benefitAmount: 0,
      status: 'Submitted',
      firstPaymentDate: null,
      lastPaymentDate: null,
      additionalReasons: [],
      submittedAt: '2026-02-01T00:00:00.000Z',
      hasDecisionLetter: false,
      decisionLetterRead: true,
      documentCount: 0,
    });
  });

  it('changes nothing when the same events are applied twice', async () => {
    const before = await snapshot(harness);
    await harness.database.pool.query('delete from projection_checkpoints');
    const events = await applyAll(harness);
    await applyBatch(harness.database.pool, claimsProjection, events);
    expect(await snapshot(harness)).toEqual(before);
  });

  it('reads a version 1 submission, stored before documents existed, as one without documents', async () => {
    const submissionId = uuidv7();
    const current = await submitClaim(
      harness.ports,
      request,
      claimantFor('old'),
      context('old', new Date('2025-01-01')),
    );
    const [stored] = await store.readStream(claimStreamId(current.submissionId));
    if (!stored) throw new Error('the submission was not stored');
    const { documents: _, ...v1Data } = stored.data as Record<string, unknown>;
    await store.append(
      claimStreamId(submissionId),
      [
        {
          type: 'ClaimSubmitted',
          data: { ...v1Data, submissionId },
          metadata: { ...stored.metadata, eventId: uuidv7(), schemaVersion: 1 },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await applyAll(harness);
    const { rows } = await harness.database.pool.query(
      'select initial_documents, initial_document_count from claims where submission_id = $1',
      [submissionId],
    );
    expect(rows[0]).toEqual({ initial_documents: [], initial_document_count: 0 });
  });

  it('in a replay from the start that reads only its metadata keys, gives the rows the live projector wrote', async () => {
    const claims = await snapshot(harness);
    const versions = await versionSnapshot(harness);
    await harness.database.pool.query('truncate claims, claim_versions, claim_status_counts');
    const events = await readAllVisible(
      harness.ports.eventStore,
      await eventCount(harness),
      claimsProjection.metadataKeys,
    );
    const handled = events.filter((e) => claimsProjection.handles(e));
    expect(handled.some((e) => e.metadata.schemaVersion === 1)).toBe(true);
    expect(handled.every((e) => e.hash === '' && !('eventId' in e.metadata))).toBe(true);
    await inTransaction(harness.database.pool, (client) =>
      claimsProjection.apply(client, handled, { replayFromStart: true }),
    );
    expect(await snapshot(harness)).toEqual(claims);
    expect(await versionSnapshot(harness)).toEqual(versions);
  });
});

describe('claims projection: documents, staff saves and the letter', () => {
  let harness: Harness;
  let submissionId: string;
  beforeAll(async () => {
    harness = await openHarness();
    ({ submissionId } = await submitClaim(
      harness.ports,
      {
        ...submitRequest,
        documents: [
          { kind: 'claim', file: { fileName: 'claim-form.pdf', bytes: pdfBytes('form') } },
          { kind: 'supporting', file: { fileName: 'receipt.png', bytes: pngBytes('receipt') } },
        ],
      },
      claimantFor('carol'),
      customerContext('carol'),
    ));
    await addAdditionalDocuments(
      harness.ports,
      { submissionId, files: [{ fileName: 'roe.pdf', bytes: pdfBytes('record of employment') }] },
      claimantFor('carol'),
      customerContext('carol'),
    );
    await amendClaim(
      harness.ports,
      {
        readVersion: 'latest',
        submissionId,
        changes: {
          claimNumber: 'cl123',
          benefitAmount: '1500.25',
          firstPaymentDate: '2026-12-01',
          lastPaymentDate: '2027-05-31',
          status: 'Approved',
          additionalReason: ['sentToMedical', 'bankStatement'],
        },
        decisionLetter: { fileName: 'approval.pdf', bytes: pdfBytes('approved') },
      },
      staffMember,
      staffContext(),
    );
    await applyAll(harness);
  });
  afterAll(() => harness.close());

  const row = async () =>
    (
      await harness.database.pool.query(
        `select claim_number, benefit_amount, status, additional_reason,
           to_char(first_payment_date, 'YYYY-MM-DD') as first_payment_date,
           to_char(last_payment_date, 'YYYY-MM-DD') as last_payment_date,
           eob_path, decision_letter, decision_letter_read, initial_documents,
           initial_document_count, initial_document_total_size, additional_documents,
           additional_document_count, additional_document_total_size, updated_by, updated_at, version
         from claims where submission_id = $1`,
        [submissionId],
      )
    ).rows[0];

  it('keeps the documents, the staff fields, the letter and who changed the claim', async () => {
    const claim = await row();
    expect(claim).toMatchObject({
      claim_number: 'CL123',
      benefit_amount: '1500.25',
      status: 'Approved',
      additional_reason: 'Array:sentToMedical,bankStatement',
      first_payment_date: '2026-12-01',
      last_payment_date: '2027-05-31',
      decision_letter_read: false,
      initial_document_count: 2,
      initial_document_total_size: String(pdfBytes('form').length + pngBytes('receipt').length),
      additional_document_count: 1,
      additional_document_total_size: String(pdfBytes('record of employment').length),
      updated_by: staffMember.email,
      updated_at: new Date('2026-11-22T10:00:00.000Z'),
      version: 4,
    });
    expect(claim.eob_path).toMatch(new RegExp(`^claims/${submissionId}/[0-9a-f]{64}$`));
    expect(claim.decision_letter).toMatchObject({ fileName: 'approval.pdf', key: claim.eob_path });
    expect(claim.initial_documents.map((d: { fileName: string }) => d.fileName)).toEqual([
      'claim-form.pdf',
      'receipt.png',
    ]);
    expect(claim.additional_documents).toMatchObject([{ fileName: 'roe.pdf', kind: 'additional' }]);
  });

  it('shows the customer what the dashboard and claim details need', async () => {
    expect(await getCustomerClaim(harness.database.pool, 'carol', submissionId)).toMatchObject({
      claimNumber: 'CL123',
      status: 'Approved',
      benefitAmount: 1500.25,
      firstPaymentDate: '2026-12-01',
      lastPaymentDate: '2027-05-31',
      additionalReasons: ['sentToMedical', 'bankStatement'],
      hasDecisionLetter: true,
      decisionLetterRead: false,
      documentCount: 3,
    });
    expect(await getCustomerClaim(harness.database.pool, 'mallory', submissionId)).toBeUndefined();
  });

  it("lists the claim's documents to its own customer only: names, sizes and kinds in order, no keys", async () => {
    const documents = await listCustomerClaimDocuments(
      harness.database.pool,
      'carol',
      submissionId,
    );
    expect(documents).toEqual([
      { fileName: 'claim-form.pdf', size: pdfBytes('form').length, kind: 'claim' },
      { fileName: 'receipt.png', size: pngBytes('receipt').length, kind: 'supporting' },
      { fileName: 'roe.pdf', size: pdfBytes('record of employment').length, kind: 'additional' },
    ]);
    expect(
      await listCustomerClaimDocuments(harness.database.pool, 'mallory', submissionId),
    ).toEqual([]);
    expect(await listCustomerClaimDocuments(harness.database.pool, 'carol', 'not-a-uuid')).toEqual(
      [],
    );
  });

  it('marks the letter read once the customer opened the claim', async () => {
    await markDecisionLetterRead(
      harness.ports,
      { submissionId },
      claimantFor('carol'),
      customerContext('carol'),
    );
    await applyAll(harness);
    expect(await row()).toMatchObject({ decision_letter_read: true, version: 5 });
  });

  it('changes nothing when every event is applied again, and ignores claim-number streams', async () => {
    const before = await snapshot(harness);
    await harness.database.pool.query('delete from projection_checkpoints');
    const events = await applyAll(harness);
    await applyBatch(harness.database.pool, claimsProjection, events);
    expect(await snapshot(harness)).toEqual(before);
    expect(events.some((event) => event.streamId.startsWith('claim-number-'))).toBe(true);
    expect(
      events.filter((event) => claimsProjection.handles(event)).map((e) => e.streamId),
    ).toEqual(Array(5).fill(claimStreamId(submissionId)));
  });

  it('gives the same rows whether the events come in one batch or one event a batch', async () => {
    const claims = await snapshot(harness);
    const versions = await versionSnapshot(harness);
    await harness.database.pool.query(
      'truncate claims, claim_versions, claim_status_counts; delete from projection_checkpoints',
    );
    const events = await readAllVisible(harness.ports.eventStore, await eventCount(harness));
    for (const event of events) await applyBatch(harness.database.pool, claimsProjection, [event]);
    expect(await snapshot(harness)).toEqual(claims);
    expect(await versionSnapshot(harness)).toEqual(versions);
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3, 4, 5]);
  });

  it('gives the same rows when a live batch overlaps events applied before (the claim and its first events)', async () => {
    const claims = await snapshot(harness);
    const versions = await versionSnapshot(harness);
    const counts = (
      await harness.database.pool.query('select * from claim_status_counts order by status')
    ).rows;
    await harness.database.pool.query('truncate claims, claim_versions, claim_status_counts');
    const events = (
      await readAllVisible(harness.ports.eventStore, await eventCount(harness))
    ).filter((e) => claimsProjection.handles(e));
    await inTransaction(harness.database.pool, (client) =>
      claimsProjection.apply(client, events.slice(0, 2)),
    );
    await inTransaction(harness.database.pool, (client) => claimsProjection.apply(client, events));
    expect(await snapshot(harness)).toEqual(claims);
    expect(await versionSnapshot(harness)).toEqual(versions);
    expect(
      (await harness.database.pool.query('select * from claim_status_counts order by status')).rows,
    ).toEqual(counts);
  });

  it('in a replay from the start, gives the same rows when batches cut the claim after each event', async () => {
    const claims = await snapshot(harness);
    const versions = await versionSnapshot(harness);
    await harness.database.pool.query('truncate claims, claim_versions, claim_status_counts');
    const events = await readAllVisible(harness.ports.eventStore, await eventCount(harness));
    for (const event of events.filter((e) => claimsProjection.handles(e)))
      await inTransaction(harness.database.pool, (client) =>
        claimsProjection.apply(client, [event], { replayFromStart: true }),
      );
    expect(await snapshot(harness)).toEqual(claims);
    expect(await versionSnapshot(harness)).toEqual(versions);
  });

  it('writes every column of both tables, so a new column cannot be left to its default', async () => {
    const columnsOf = async (table: string) =>
      (
        await harness.database.pool.query(
          `select column_name from information_schema.columns
           where table_schema = 'public' and table_name = $1 order by column_name`,
          [table],
        )
      ).rows.map((r) => r.column_name);
    expect(await columnsOf('claims')).toEqual([...CLAIM_COLUMNS].sort());
    expect(await columnsOf('claim_versions')).toEqual([...VERSION_COLUMNS].sort());
  });
});
