import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStreamId } from '@contracts/claims/events';
import type { RecordedEvent } from '@contracts/event-store';
import { addAdditionalDocuments } from './add-additional-documents';
import { amendClaim } from './amend-claim';
import { claimAsOf, claimTimeline, diffClaims } from './claim-timeline';
import { initialClaim } from './claim';
import { formatClaimAsOf, formatTimeline } from './format-claim-timeline';
import { submitClaim } from './submit-claim';
import {
  claimantFor,
  contextFor,
  type Harness,
  openHarness,
  pdfBytes,
  staffMember,
  submitRequest,
} from '@tests/support/claims/handler-harness';

const at = (iso: string) => new Date(iso);
const customer = { kind: 'customer', id: 'gus' } as const;
const staff = { kind: 'staff', id: staffMember.staffId } as const;

describe('claim timeline', () => {
  let harness: Harness;
  let submissionId: string;
  let events: RecordedEvent[];

  beforeAll(async () => {
    harness = await openHarness();
    ({ submissionId } = await submitClaim(
      harness.ports,
      submitRequest,
      claimantFor('gus'),
      contextFor(customer, at('2026-03-01T09:00:00Z')),
    ));
    await amendClaim(
      harness.ports,
      { readVersion: 'latest', submissionId, changes: { claimNumber: 'T1', status: 'Pending' } },
      staffMember,
      contextFor(staff, at('2026-03-02T09:00:00Z')),
    );
    await addAdditionalDocuments(
      harness.ports,
      { submissionId, files: [{ fileName: 'roe.pdf', bytes: pdfBytes('roe') }] },
      claimantFor('gus'),
      contextFor(customer, at('2026-03-03T09:00:00Z')),
    );
    await amendClaim(
      harness.ports,
      {
        readVersion: 'latest',
        submissionId,
        changes: { status: 'Approved', benefitAmount: '300' },
      },
      staffMember,
      contextFor(staff, at('2026-03-04T09:00:00Z')),
    );
    events = await harness.ports.eventStore.readStream(claimStreamId(submissionId));
  });
  afterAll(() => harness.close());

  it('lists each event with when, who, what it changed and the state after', () => {
    const timeline = claimTimeline(events);
    expect(timeline.map((e) => [e.revision, e.type])).toEqual([
      [0n, 'ClaimSubmitted'],
      [1n, 'ClaimAmendedByStaff'],
      [2n, 'AdditionalDocumentsAdded'],
      [3n, 'ClaimAmendedByStaff'],
    ]);
    expect(timeline[3]?.changes).toEqual([
      { field: 'status', from: 'Pending', to: 'Approved' },
      { field: 'benefitAmount', from: 0, to: 300 },
    ]);
    expect(timeline[2]?.changes.map((c) => c.field)).toEqual(['documents', 'updatedAt']);
    expect(timeline[3]?.state).toMatchObject({ claimNumber: 'T1', status: 'Approved' });

    const text = formatTimeline(submissionId, timeline);
    expect(text.split('\n').slice(0, 3)).toEqual([
      `claim ${submissionId}: 4 events`,
      '',
      'Version 1 · ClaimSubmitted at 2026-03-01T09:00:00.000Z by customer gus',
    ]);
    expect(text).toContain(`  submissionId: — → "${submissionId}"`);
    expect(text).toContain(
      `Version 2 · ClaimAmendedByStaff at 2026-03-02T09:00:00.000Z by staff ${staffMember.staffId}`,
    );
    expect(text).toContain('  claimNumber: "" → "T1"');
    expect(text).toContain('  status: "Submitted" → "Pending"');
    expect(text).toContain('  status: "NotSubmitted" → "Submitted"');
    expect(text).toContain('  updatedAt: "2026-03-02T09:00:00.000Z" → "2026-03-03T09:00:00.000Z"');
    expect(text).toContain(
      'Version 1 · ClaimSubmitted at 2026-03-01T09:00:00.000Z by customer gus',
    );
    expect(text).toContain(`  state: {"status":"Approved","submissionId":"${submissionId}"`);
  });

  it('gives the state as of a moment, or says the claim did not exist yet', () => {
    const asOf = at('2026-03-03T12:00:00Z');
    const claim = claimAsOf(events, asOf);
    expect(claim.revision).toBe(2n);
    expect(claim.state).toMatchObject({ status: 'Pending', claimNumber: 'T1', benefitAmount: 0 });
    expect(formatClaimAsOf(submissionId, asOf, claim)).toContain(
      `claim ${submissionId} as of 2026-03-03T12:00:00.000Z (version 3):\n{"status":"Pending"`,
    );
    expect(claimAsOf(events, at('2026-03-02T09:00:00Z')).revision).toBe(1n);
    const before = claimAsOf(events, at('2026-02-01T00:00:00Z'));
    expect(before).toStrictEqual({ state: initialClaim() });
    expect(formatClaimAsOf(submissionId, at('2026-02-01T00:00:00Z'), before)).toBe(
      `claim ${submissionId} did not exist yet at 2026-02-01T00:00:00.000Z`,
    );
  });

  it('diffs two states field by field', () => {
    const [submitted, amended] = claimTimeline(events).map((e) => e.state);
    if (!submitted || !amended) throw new Error('missing states');
    expect(diffClaims(submitted, amended)).toEqual([
      { field: 'status', from: 'Submitted', to: 'Pending' },
      { field: 'claimNumber', from: '', to: 'T1' },
      { field: 'decisionLetterRead', from: true, to: false },
      { field: 'updatedAt', from: '2026-03-01T09:00:00.000Z', to: '2026-03-02T09:00:00.000Z' },
      { field: 'updatedBy', from: null, to: staffMember.email },
    ]);
  });
});
