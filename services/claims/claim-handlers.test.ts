import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimObjectKey } from '@contracts/claims/documents';
import { claimStreamId } from '@contracts/claims/events';
import { ConflictError, NotFoundError, ValidationError } from '@contracts/errors';
import { addAdditionalDocuments } from './add-additional-documents';
import { amendClaim } from './amend-claim';
import type { ClaimRecord } from './claim';
import { loadClaim } from './load-claim';
import { markDecisionLetterRead } from './mark-decision-letter-read';
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
  pngBytes,
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

describe('submitClaim', () => {
  it('stores the documents by content and records them with the claimant from the session, names as typed', async () => {
    const claimForm = pdfBytes('claim form');
    const photo = pngBytes('a receipt');
    const { submissionId } = await submitClaim(
      harness.ports,
      {
        ...submitRequest,
        documents: [
          { kind: 'claim', file: { fileName: 'claim-form.pdf', bytes: claimForm } },
          { kind: 'supporting', file: { fileName: 'receipt.png', bytes: photo } },
        ],
      },
      claimantFor('alice'),
      customerContext('alice'),
    );
    const claim = await record(submissionId);
    expect(claim).toMatchObject({
      status: 'Submitted',
      claimNumber: '',
      benefitAmount: 0,
      decisionLetterRead: true,
      claimant: {
        customerId: 'alice',
        email: 'alice@example.com',
        firstName: 'Marie',
        lastName: 'Tremblay',
      },
    });
    expect(
      claim.documents.map(({ fileName, contentType, kind }) => ({ fileName, contentType, kind })),
    ).toEqual([
      { fileName: 'claim-form.pdf', contentType: 'application/pdf', kind: 'claim' },
      { fileName: 'receipt.png', contentType: 'image/png', kind: 'supporting' },
    ]);
    const stored = await harness.ports.documents.get(
      claimObjectKey(submissionId, sha256Hex(photo)),
    );
    expect(stored?.bytes).toEqual(photo);
  });

  it('refuses a renamed executable sent as .pdf, storing and recording nothing', async () => {
    const before = await harness.storedObjects();
    const context = customerContext('alice');
    await expect(
      submitClaim(
        harness.ports,
        {
          ...submitRequest,
          documents: [{ kind: 'claim', file: { fileName: 'claim.pdf', bytes: exeBytes() } }],
        },
        claimantFor('alice'),
        context,
      ),
    ).rejects.toMatchObject({
      fieldErrors: [
        { field: 'documents', code: 'documents.unsupportedType', params: { name: 'claim.pdf' } },
      ],
    });
    expect(await harness.storedObjects()).toEqual(before);
    expect(await streamTypes(claimStreamId(context.commandId))).toEqual([]);
  });

  it('refuses a sixth document before storing any', async () => {
    const before = await harness.storedObjects();
    const six = Array.from({ length: 6 }, (_, index) => ({
      kind: 'supporting' as const,
      file: { fileName: `page-${index}.pdf`, bytes: pdfBytes(`page ${index}`) },
    }));
    await expect(submitted('alice', six)).rejects.toBeInstanceOf(ValidationError);
    expect(await harness.storedObjects()).toEqual(before);
  });

  it('deletes the objects it stored when the append fails: no orphan', async () => {
    const before = await harness.storedObjects();
    const ports = {
      ...harness.ports,
      eventStore: failingAppends(harness.ports.eventStore, () => true),
    };
    await expect(
      submitClaim(
        ports,
        {
          ...submitRequest,
          documents: [{ kind: 'claim', file: { fileName: 'a.pdf', bytes: pdfBytes('orphan?') } }],
        },
        claimantFor('alice'),
        customerContext('alice'),
      ),
    ).rejects.toThrow(/failed \(test\)/);
    expect(await harness.storedObjects()).toEqual(before);
  });

  it('appends a retried submission once', async () => {
    const context = customerContext('alice');
    const input = {
      ...submitRequest,
      documents: [
        { kind: 'claim' as const, file: { fileName: 'a.pdf', bytes: pdfBytes('retry') } },
      ],
    };
    const first = await submitClaim(harness.ports, input, claimantFor('alice'), context);
    const retry = await submitClaim(harness.ports, input, claimantFor('alice'), context);
    expect(first.appended).toBe(true);
    expect(retry).toEqual({ ...first, appended: false });
    expect(await streamTypes(claimStreamId(first.submissionId))).toEqual(['ClaimSubmitted']);
  });

  it('refuses a submission whose command id another customer used, and appends nothing', async () => {
    const alice = customerContext('alice');
    const first = await submitClaim(harness.ports, submitRequest, claimantFor('alice'), alice);
    const bob = { ...customerContext('bob'), commandId: alice.commandId };
    const reused = submitClaim(harness.ports, submitRequest, claimantFor('bob'), bob);
    await expect(reused).rejects.toBeInstanceOf(ConflictError);
    await expect(reused).rejects.toThrow(`Command ${alice.commandId} was sent by someone else`);
    expect(await streamTypes(claimStreamId(first.submissionId))).toEqual(['ClaimSubmitted']);
    expect((await record(first.submissionId)).claimant.customerId).toBe('alice');
  });
  it('stores each original as the type its bytes are', async () => {
    const { submissionId } = await submitted('lena');
    const [form] = (await record(submissionId)).documents;
    expect((await harness.ports.documents.get(form?.key ?? ''))?.contentType).toBe(
      'application/pdf',
    );
  });
});

describe('addAdditionalDocuments', () => {
  it("stores and records a batch for the claimant's own claim", async () => {
    const { submissionId } = await submitted('bob');
    const bytes = pdfBytes('record of employment');
    await addAdditionalDocuments(
      harness.ports,
      { submissionId, files: [{ fileName: 'roe.pdf', bytes }] },
      claimantFor('bob'),
      customerContext('bob'),
    );
    const claim = await record(submissionId);
    expect(claim.documents.map((d) => [d.fileName, d.kind])).toEqual([
      ['claim-form.pdf', 'claim'],
      ['roe.pdf', 'additional'],
    ]);
    expect(
      await harness.ports.documents.exists(claimObjectKey(submissionId, sha256Hex(bytes))),
    ).toBe(true);
  });

  it("answers not found for another customer's claim, changing and storing nothing", async () => {
    const { submissionId } = await submitted('bob');
    const before = await harness.storedObjects();
    await expect(
      addAdditionalDocuments(
        harness.ports,
        { submissionId, files: [{ fileName: 'x.pdf', bytes: pdfBytes('intruder') }] },
        claimantFor('mallory'),
        customerContext('mallory'),
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(await streamTypes(claimStreamId(submissionId))).toEqual(['ClaimSubmitted']);
    expect(await harness.storedObjects()).toEqual(before);
  });

  it('refuses a name already submitted', async () => {
    const { submissionId } = await submitted('bob');
    await expect(
      addAdditionalDocuments(
        harness.ports,
        { submissionId, files: [{ fileName: 'claim-form.pdf', bytes: pdfBytes('again') }] },
        claimantFor('bob'),
        customerContext('bob'),
      ),
    ).rejects.toMatchObject({ fieldErrors: [{ code: 'documents.duplicateName' }] });
  });

  it('on a failed append deletes what it stored, but keeps bytes the claim already holds', async () => {
    const initialBytes = pdfBytes(`kept ${uuidv7()}`);
    const { submissionId } = await submitted('bob', [
      { kind: 'claim', file: { fileName: 'claim-form.pdf', bytes: initialBytes } },
    ]);
    const before = await harness.storedObjects();
    const ports = {
      ...harness.ports,
      eventStore: failingAppends(
        harness.ports.eventStore,
        (id) => id === claimStreamId(submissionId),
      ),
    };
    await expect(
      addAdditionalDocuments(
        ports,
        {
          submissionId,
          files: [
            { fileName: 'same-bytes-new-name.pdf', bytes: initialBytes },
            { fileName: 'new.pdf', bytes: pdfBytes(`new ${uuidv7()}`) },
          ],
        },
        claimantFor('bob'),
        customerContext('bob'),
      ),
    ).rejects.toThrow(/failed \(test\)/);
    expect(await harness.storedObjects()).toEqual(before);
    expect(
      await harness.ports.documents.exists(claimObjectKey(submissionId, sha256Hex(initialBytes))),
    ).toBe(true);
  });
  it('stores each added original as the type its bytes are', async () => {
    const { submissionId } = await submitted('lena');
    await addAdditionalDocuments(
      harness.ports,
      { submissionId, files: [{ fileName: 'receipt.png', bytes: pngBytes(uuidv7()) }] },
      claimantFor('lena'),
      customerContext('lena'),
    );
    const added = (await record(submissionId)).documents.find((d) => d.kind === 'additional');
    expect((await harness.ports.documents.get(added?.key ?? ''))?.contentType).toBe('image/png');
  });
});

describe('markDecisionLetterRead and loadClaim', () => {
  it('records nothing when the letter is already read', async () => {
    const { submissionId } = await submitted('nina');
    const opened = await markDecisionLetterRead(
      harness.ports,
      { submissionId },
      claimantFor('nina'),
      customerContext('nina'),
    );
    expect(opened.appended).toBe(false);
    expect(await streamTypes(claimStreamId(submissionId))).toEqual(['ClaimSubmitted']);
  });
  it('marks the letter read for the claim’s own customer only', async () => {
    const { submissionId } = await submitted('hana');
    await amendClaim(
      harness.ports,
      { readVersion: 'latest', submissionId, changes: { claimNumber: `H${Date.now() % 1e7}` } },
      staffMember,
      staffContext(),
    );
    await expect(
      markDecisionLetterRead(
        harness.ports,
        { submissionId },
        claimantFor('ivan'),
        customerContext('ivan'),
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect((await record(submissionId)).decisionLetterRead).toBe(false);
    await markDecisionLetterRead(
      harness.ports,
      { submissionId },
      claimantFor('hana'),
      customerContext('hana'),
    );
    expect((await record(submissionId)).decisionLetterRead).toBe(true);
  });

  it('loads nothing submitted for an unknown claim', async () => {
    expect(await loadClaim(harness.ports.eventStore, uuidv7())).toEqual({ status: 'NotSubmitted' });
  });
});
