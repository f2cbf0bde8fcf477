import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimNumberStreamId } from '@contracts/claims/claim-number-events';
import { claimObjectKey } from '@contracts/claims/documents';
import { claimStreamId } from '@contracts/claims/events';
import { ConflictError, NotFoundError } from '@contracts/errors';
import { amendClaim } from './amend-claim';
import type { ClaimRecord } from './claim';
import { loadClaim } from './load-claim';
import { type InitialUpload, submitClaim } from './submit-claim';
import { sha256Hex } from '@tests/support/claims/bytes';
import {
  claimantFor,
  customerContext,
  exeBytes,
  failingAppends,
  type Harness,
  openHarness,
  pdfBytes,
  staffContext,
  staffMember,
  submitRequest,
} from '@tests/support/claims/handler-harness';

let harness: Harness;
beforeAll(async () => {
  harness = await openHarness();
});
afterAll(() => harness.close());

const streamTypes = async (streamId: string) =>
  (await harness.ports.eventStore.readStream(streamId)).map((event) => event.type);

const claimForm = (customerId: string): InitialUpload[] => [
  {
    kind: 'claim',
    file: { fileName: 'claim-form.pdf', bytes: pdfBytes(`claim of ${customerId} ${uuidv7()}`) },
  },
];

function submitted(
  customerId: string,
  documents: readonly InitialUpload[] = claimForm(customerId),
) {
  return submitClaim(
    harness.ports,
    { ...submitRequest, documents },
    claimantFor(customerId),
    customerContext(customerId),
  );
}

const record = async (submissionId: string) =>
  (await loadClaim(harness.ports.eventStore, submissionId)) as ClaimRecord;

describe('amendClaim', () => {
  const uniqueNumber = () => `N${uuidv7().replace(/-/g, '').slice(-7)}`.toUpperCase();

  it('reserves a new claim number, records the amendment and sets the letter unread', async () => {
    const { submissionId } = await submitted('carol');
    const number = uniqueNumber();
    await amendClaim(
      harness.ports,
      {
        readVersion: 'latest',
        submissionId,
        changes: { claimNumber: number.toLowerCase(), status: 'Pending' },
      },
      staffMember,
      staffContext(),
    );
    expect(await record(submissionId)).toMatchObject({
      claimNumber: number,
      status: 'Pending',
      decisionLetterRead: false,
    });
    expect(await streamTypes(claimNumberStreamId(number))).toEqual(['ClaimNumberReserved']);
  });

  it('releases the old number when the number changes, so another claim can take it', async () => {
    const first = await submitted('carol');
    const second = await submitted('dave');
    const [oldNumber, newNumber] = [uniqueNumber(), uniqueNumber()];
    await amendClaim(
      harness.ports,
      {
        readVersion: 'latest',
        submissionId: first.submissionId,
        changes: { claimNumber: oldNumber },
      },
      staffMember,
      staffContext(),
    );
    await amendClaim(
      harness.ports,
      {
        readVersion: 'latest',
        submissionId: first.submissionId,
        changes: { claimNumber: newNumber },
      },
      staffMember,
      staffContext(),
    );
    expect(await streamTypes(claimNumberStreamId(oldNumber))).toEqual([
      'ClaimNumberReserved',
      'ClaimNumberReleased',
    ]);
    await amendClaim(
      harness.ports,
      {
        readVersion: 'latest',
        submissionId: second.submissionId,
        changes: { claimNumber: oldNumber },
      },
      staffMember,
      staffContext(),
    );
    expect((await record(second.submissionId)).claimNumber).toBe(oldNumber);
  });

  it("refuses another claim's number with a 409 'Claim number already exists', changing nothing", async () => {
    const first = await submitted('carol');
    const second = await submitted('dave');
    const number = uniqueNumber();
    await amendClaim(
      harness.ports,
      { readVersion: 'latest', submissionId: first.submissionId, changes: { claimNumber: number } },
      staffMember,
      staffContext(),
    );
    const refused = amendClaim(
      harness.ports,
      {
        readVersion: 'latest',
        submissionId: second.submissionId,
        changes: { claimNumber: number },
      },
      staffMember,
      staffContext(),
    );
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    await expect(refused).rejects.toThrow('Claim number already exists');
    expect(await streamTypes(claimStreamId(second.submissionId))).toEqual(['ClaimSubmitted']);
  });

  it('stores the letter, then appends the letter and the amendment in one append', async () => {
    const { submissionId } = await submitted('erin');
    const letter = pdfBytes(`decision ${uuidv7()}`);
    const { position } = await amendClaim(
      harness.ports,
      {
        readVersion: 'latest',
        submissionId,
        changes: { claimNumber: uniqueNumber(), status: 'Approved' },
        decisionLetter: { fileName: 'decision.pdf', bytes: letter },
      },
      staffMember,
      staffContext(),
    );
    const key = claimObjectKey(submissionId, sha256Hex(letter));
    expect((await harness.ports.documents.get(key))?.bytes).toEqual(letter);
    const events = await harness.ports.eventStore.readStream(claimStreamId(submissionId));
    const [upload, amendment] = events.slice(-2);
    expect([upload?.type, amendment?.type]).toEqual([
      'DecisionLetterUploaded',
      'ClaimAmendedByStaff',
    ]);
    expect(upload?.position.commit).toBe(amendment?.position.commit);
    expect(amendment?.position).toEqual(position);
    expect(await record(submissionId)).toMatchObject({
      eobPath: key,
      decisionLetter: { fileName: 'decision.pdf', key },
    });
  });

  it('refuses a letter whose bytes are not a PDF, storing nothing', async () => {
    const { submissionId } = await submitted('erin');
    const before = await harness.storedObjects();
    await expect(
      amendClaim(
        harness.ports,
        {
          readVersion: 'latest',
          submissionId,
          changes: { claimNumber: uniqueNumber() },
          decisionLetter: { fileName: 'letter.pdf', bytes: exeBytes() },
        },
        staffMember,
        staffContext(),
      ),
    ).rejects.toMatchObject({
      fieldErrors: [{ field: 'decisionLetter', code: 'decisionLetter.notPdf' }],
    });
    expect(await harness.storedObjects()).toEqual(before);
  });

  it('when the append fails after reserving and storing: releases the number and deletes the letter', async () => {
    const { submissionId } = await submitted('frank');
    const before = await harness.storedObjects();
    const number = uniqueNumber();
    const ports = {
      ...harness.ports,
      eventStore: failingAppends(
        harness.ports.eventStore,
        (id) => id === claimStreamId(submissionId),
      ),
    };
    await expect(
      amendClaim(
        ports,
        {
          readVersion: 'latest',
          submissionId,
          changes: { claimNumber: number },
          decisionLetter: { fileName: 'd.pdf', bytes: pdfBytes(`lost ${uuidv7()}`) },
        },
        staffMember,
        staffContext(),
      ),
    ).rejects.toThrow(/failed \(test\)/);
    expect(await streamTypes(claimNumberStreamId(number))).toEqual([
      'ClaimNumberReserved',
      'ClaimNumberReleased',
    ]);
    expect(await harness.storedObjects()).toEqual(before);
    expect(await streamTypes(claimStreamId(submissionId))).toEqual(['ClaimSubmitted']);
  });

  it('when the append fails and releasing the new number fails too: both failures surface, none is swallowed', async () => {
    const { submissionId } = await submitted('frank');
    const number = uniqueNumber();
    let numberAppends = 0;
    const ports = {
      ...harness.ports,
      // The claim's append fails; so does every append to the number's stream after the
      // reservation (the release).
      eventStore: failingAppends(
        harness.ports.eventStore,
        (id) =>
          id === claimStreamId(submissionId) ||
          (id === claimNumberStreamId(number) && ++numberAppends > 1),
      ),
    };
    const failure = await amendClaim(
      ports,
      { readVersion: 'latest', submissionId, changes: { claimNumber: number } },
      staffMember,
      staffContext(),
    ).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AggregateError);
    expect((failure as AggregateError).message).toBe('A claim command failed, and so did its undo');
    expect((failure as AggregateError).errors.map((e: Error) => e.message)).toEqual([
      `append to ${claimStreamId(submissionId)} failed (test)`,
      `append to ${claimNumberStreamId(number)} failed (test)`,
    ]);
    expect(await streamTypes(claimNumberStreamId(number))).toEqual(['ClaimNumberReserved']);
  });

  it('keeps a letter the claim already points at when a later save with the same letter fails', async () => {
    const { submissionId } = await submitted('frank');
    const letter = { fileName: 'd.pdf', bytes: pdfBytes(`kept letter ${uuidv7()}`) };
    await amendClaim(
      harness.ports,
      {
        readVersion: 'latest',
        submissionId,
        changes: { claimNumber: uniqueNumber() },
        decisionLetter: letter,
      },
      staffMember,
      staffContext(),
    );
    const ports = {
      ...harness.ports,
      eventStore: failingAppends(
        harness.ports.eventStore,
        (id) => id === claimStreamId(submissionId),
      ),
    };
    await expect(
      amendClaim(
        ports,
        {
          readVersion: 'latest',
          submissionId,
          changes: { benefitAmount: '10' },
          decisionLetter: letter,
        },
        staffMember,
        staffContext(),
      ),
    ).rejects.toThrow(/failed \(test\)/);
    expect(
      await harness.ports.documents.exists(claimObjectKey(submissionId, sha256Hex(letter.bytes))),
    ).toBe(true);
  });

  it("refuses 'No changes to save' and appends a retried save once", async () => {
    const { submissionId } = await submitted('gina');
    const number = uniqueNumber();
    const context = staffContext();
    const first = await amendClaim(
      harness.ports,
      { readVersion: 'latest', submissionId, changes: { claimNumber: number } },
      staffMember,
      context,
    );
    const retry = await amendClaim(
      harness.ports,
      { readVersion: 'latest', submissionId, changes: { claimNumber: number } },
      staffMember,
      context,
    );
    expect(retry.appended).toBe(false);
    // Where the first attempt's event sits: the read models are current once past it.
    expect(retry.position).toEqual(first.position);
    await expect(
      amendClaim(
        harness.ports,
        { readVersion: 'latest', submissionId, changes: { claimNumber: number } },
        staffMember,
        staffContext(),
      ),
    ).rejects.toMatchObject({ fieldErrors: [{ field: 'form', code: 'form.noChanges' }] });
    expect(await streamTypes(claimStreamId(submissionId))).toEqual([
      'ClaimSubmitted',
      'ClaimAmendedByStaff',
    ]);
  });
});

describe('amendClaim on a claim that does not exist', () => {
  it('answers not found, whatever version the form names', async () => {
    const save = amendClaim(
      harness.ports,
      { readVersion: 1, submissionId: uuidv7(), changes: { claimNumber: 'H1234567' } },
      staffMember,
      staffContext(),
    );
    await expect(save).rejects.toBeInstanceOf(NotFoundError);
  });
});
