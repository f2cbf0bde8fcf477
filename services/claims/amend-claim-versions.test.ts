import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffClaimEdit } from '@contracts/claims/commands';
import {
  type ClaimAmendedByStaff,
  claimStreamId,
  type StaffMember,
} from '@contracts/claims/events';
import { StaleVersionError, ValidationError } from '@contracts/errors';
import { addAdditionalDocuments } from './add-additional-documents';
import { amendClaim } from './amend-claim';
import { claimTimeline } from './claim-timeline';
import { formatTimeline } from './format-claim-timeline';
import { markDecisionLetterRead } from './mark-decision-letter-read';
import { submitClaim } from './submit-claim';
import {
  claimantFor,
  contextFor,
  customerContext,
  type Harness,
  openHarness,
  pdfBytes,
  staffMember,
  submitRequest,
} from '@tests/support/claims/handler-harness';

// Decision 048 and issue 50 through the handler: a staff save names the version it read.

let harness: Harness;
beforeAll(async () => {
  harness = await openHarness();
});
afterAll(() => harness.close());

const colleague: StaffMember = { staffId: 'staff-8', email: 'colleague@insurer.example' };
const SAVED_AT = new Date('2026-11-22T11:00:00.000Z');
const contextOf = (staff: StaffMember) =>
  contextFor({ kind: 'staff', id: staff.staffId }, SAVED_AT);
const pdf = () => ({ fileName: `doc-${uuidv7()}.pdf`, bytes: pdfBytes(uuidv7()) });
const version = async (submissionId: string) =>
  (await harness.ports.eventStore.readStream(claimStreamId(submissionId))).length;

async function submitted(customerId: string) {
  const { submissionId } = await submitClaim(
    harness.ports,
    { ...submitRequest, documents: [{ kind: 'claim', file: pdf() }] },
    claimantFor(customerId),
    customerContext(customerId),
  );
  return submissionId;
}

const save = (
  submissionId: string,
  by: StaffMember,
  changes: StaffClaimEdit,
  readVersion: number | 'latest',
  overwriting?: number,
) =>
  amendClaim(
    harness.ports,
    { submissionId, changes, readVersion, ...(overwriting === undefined ? {} : { overwriting }) },
    by,
    contextOf(by),
  );

const refusal = (attempt: Promise<unknown>) =>
  attempt.then(
    () => undefined,
    (error: unknown) => error,
  );

const lastAmendment = async (submissionId: string) => {
  const events = await harness.ports.eventStore.readStream(claimStreamId(submissionId));
  return events.at(-1)?.data as ClaimAmendedByStaff['data'];
};

const number = () => `V${uuidv7().replace(/-/g, '').slice(-7)}`.toUpperCase();

describe('a staff save on the version it read', () => {
  it('given a colleague saved since, when the save names the older version, then StaleVersionError with the current version and each field the colleague changed, by whom and when', async () => {
    const submissionId = await submitted('tara');
    const claimNumber = number();
    await save(submissionId, colleague, { claimNumber }, 'latest');
    const read = (await version(submissionId)) - 1;
    const refused = await refusal(save(submissionId, staffMember, { status: 'Approved' }, read));
    expect(refused).toBeInstanceOf(StaleVersionError);
    expect(refused).toMatchObject({
      currentVersion: read + 1,
      changes: [
        {
          field: 'claimNumber',
          from: '',
          to: claimNumber,
          by: colleague.email,
          at: SAVED_AT.toISOString(),
        },
      ],
    });
    expect(await version(submissionId)).toBe(read + 1);
  });

  it('given a version the claim never reached, when saved on it, then StaleVersionError', async () => {
    const submissionId = await submitted('uma');
    const current = await version(submissionId);
    const refused = await refusal(
      save(submissionId, staffMember, { claimNumber: number() }, current + 1),
    );
    expect(refused).toMatchObject({ currentVersion: current, changes: [] });
    expect(refused).toBeInstanceOf(StaleVersionError);
  });

  it('given only customer events since, when saved on the older version, then it is saved', async () => {
    const submissionId = await submitted('vera');
    await save(submissionId, colleague, { claimNumber: number() }, 'latest');
    const read = await version(submissionId);
    await addAdditionalDocuments(
      harness.ports,
      { submissionId, files: [pdf()] },
      claimantFor('vera'),
      customerContext('vera'),
    );
    await markDecisionLetterRead(
      harness.ports,
      { submissionId },
      claimantFor('vera'),
      customerContext('vera'),
    );
    await save(submissionId, staffMember, { status: 'Approved' }, read);
    expect((await lastAmendment(submissionId)).changes.status?.to).toBe('Approved');
  });

  it('given a conflict was shown, when the save overwrites naming the version first read, then it is saved and records the colleague’s change it replaced', async () => {
    const submissionId = await submitted('wren');
    const first = await version(submissionId);
    const theirs = number();
    await save(submissionId, colleague, { claimNumber: theirs }, first);
    const mine = number();
    await save(submissionId, staffMember, { claimNumber: mine }, first + 1, first);
    expect(await lastAmendment(submissionId)).toMatchObject({
      changes: { claimNumber: { from: theirs, to: mine } },
      overrode: [
        {
          field: 'claimNumber',
          from: '',
          to: theirs,
          by: colleague.email,
          at: SAVED_AT.toISOString(),
        },
      ],
    });
    // The auditor's timeline shows it too, beside the save's own changes.
    const events = await harness.ports.eventStore.readStream(claimStreamId(submissionId));
    const entry = claimTimeline(events).at(-1);
    if (!entry) throw new Error('no timeline');
    const { overrode } = await lastAmendment(submissionId);
    expect(entry.changes.at(-1)).toEqual({ field: 'overrode', from: undefined, to: overrode });
    const actor = { kind: 'staff', id: staffMember.staffId, email: staffMember.email } as const;
    expect(formatTimeline(submissionId, [{ ...entry, actor }])).toContain(
      `ClaimAmendedByStaff at ${SAVED_AT.toISOString()} by staff ${staffMember.staffId} <${staffMember.email}>`,
    );
  });

  it('given no change of another person in the range, when a save names `overwriting`, then ValidationError and nothing is appended', async () => {
    const submissionId = await submitted('xena');
    const first = await version(submissionId);
    await save(submissionId, staffMember, { claimNumber: number() }, first);
    const after = await version(submissionId);
    for (const overwriting of [first, after, after + 1]) {
      const refused = await refusal(
        save(submissionId, staffMember, { status: 'Approved' }, after, overwriting),
      );
      expect(refused).toBeInstanceOf(ValidationError);
      expect(refused).toMatchObject({
        fieldErrors: [{ field: 'overwriting', code: 'overwriting.noConflict' }],
      });
    }
    expect(await version(submissionId)).toBe(after);
  });
});
