import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentNotRenderableError } from '@contracts/claims/document-integrity';
import { CLAIM_EVENT_SCHEMA_VERSIONS, claimStreamId } from '@contracts/claims/events';
import type { EventStore } from '@contracts/event-store';
import { NotFoundError } from '@contracts/errors';
import { toNewEvents } from '../shared/command-context';
import { addAdditionalDocuments } from './add-additional-documents';
import { amendClaim } from './amend-claim';
import type { ClaimRecord } from './claim';
import { ClaimChangedError } from './claim-stream';
import { loadClaim } from './load-claim';
import { markDecisionLetterRead } from './mark-decision-letter-read';
import { submitClaim } from './submit-claim';
import { viewClaimDocument } from './view-claim-document';
import { sha256Hex } from '@tests/support/claims/bytes';
import {
  claimSubmitted,
  documentRef,
  inspected,
  SUBMISSION_ID,
} from '@tests/support/claims/claim-fixtures';
import {
  claimantFor,
  customerContext,
  exeBytes,
  type Harness,
  openHarness,
  pdfBytes,
  staffContext,
  staffMember,
  submitRequest,
} from '@tests/support/claims/handler-harness';

// A customer's command sent again with its command id (a lost answer, a double click), and
// a staff view of a document whose stored bytes cannot be served.

let harness: Harness;
beforeAll(async () => {
  harness = await openHarness();
});
afterAll(() => harness.close());

const streamTypes = async (submissionId: string) =>
  (await harness.ports.eventStore.readStream(claimStreamId(submissionId))).map((e) => e.type);

async function submitted(customerId: string) {
  const form = { fileName: 'form.pdf', bytes: pdfBytes(`form ${uuidv7()}`) };
  const { submissionId } = await submitClaim(
    harness.ports,
    { ...submitRequest, documents: [{ kind: 'claim', file: form }] },
    claimantFor(customerId),
    customerContext(customerId),
  );
  return submissionId;
}

describe('a customer command sent again with its command id', () => {
  it('given documents added, when the same add comes again, then nothing more is added and the first position is answered', async () => {
    const submissionId = await submitted('ines');
    const context = customerContext('ines');
    const input = { submissionId, files: [{ fileName: 'roe.pdf', bytes: pdfBytes('roe') }] };
    const first = await addAdditionalDocuments(harness.ports, input, claimantFor('ines'), context);
    const again = await addAdditionalDocuments(harness.ports, input, claimantFor('ines'), context);
    expect(first.appended).toBe(true);
    expect(again).toEqual({ submissionId, position: first.position, appended: false });
    expect(await streamTypes(submissionId)).toEqual(['ClaimSubmitted', 'AdditionalDocumentsAdded']);
  });

  it('given the letter marked read, when the same mark comes again, then it is not recorded twice', async () => {
    const submissionId = await submitted('jana');
    await amendClaim(
      harness.ports,
      {
        readVersion: 'latest',
        submissionId,
        changes: { claimNumber: `J${uuidv7().replace(/-/g, '').slice(-7)}`.toUpperCase() },
      },
      staffMember,
      staffContext(),
    );
    const context = customerContext('jana');
    const mark = () =>
      markDecisionLetterRead(harness.ports, { submissionId }, claimantFor('jana'), context);
    const first = await mark();
    const again = await mark();
    expect(first.appended).toBe(true);
    expect(again).toMatchObject({ appended: false, position: first.position });
    expect(
      (await streamTypes(submissionId)).filter((t) => t === 'DecisionLetterRead'),
    ).toHaveLength(1);
  });
});

describe('a staff view of a document whose bytes cannot be served', () => {
  it('given a document stored before renditions that cannot be drawn now, when its rendition is asked, then DocumentNotRenderableError; its original is still served', async () => {
    // A ClaimSubmitted of schema version 2, as written before decision 126: no rendition.
    const original = exeBytes();
    const stored = await harness.ports.documents.put({
      namespace: `claims/${SUBMISSION_ID}`,
      bytes: original,
      contentType: 'application/pdf',
    });
    const sha256 = sha256Hex(original);
    const legacy = claimSubmitted([
      { ...documentRef(inspected('old.pdf'), 'claim'), sha256, key: stored.key },
    ]);
    await harness.ports.eventStore.append(
      claimStreamId(SUBMISSION_ID),
      toNewEvents([legacy], staffContext(), { ClaimSubmitted: 2 }),
      { expectedRevision: 'no_stream' },
    );
    const view = (copy: 'rendition' | 'original') =>
      viewClaimDocument(
        harness.ports,
        { submissionId: SUBMISSION_ID, documentId: sha256, copy, role: 'agent' },
        staffContext(),
      );
    await expect(view('rendition')).rejects.toEqual(new DocumentNotRenderableError(sha256));
    expect((await view('original')).bytes).toEqual(original);
  });

  it('given a document whose object is gone from storage, when viewed, then not found naming the document and the claim', async () => {
    const submissionId = await submitted('kira');
    const claim = (await loadClaim(harness.ports.eventStore, submissionId)) as ClaimRecord;
    const [document] = claim.documents;
    if (!document?.rendition) throw new Error('no document');
    await harness.ports.documents.delete(document.rendition.key);
    await expect(
      viewClaimDocument(
        harness.ports,
        { submissionId, documentId: document.sha256, copy: 'rendition', role: 'agent' },
        staffContext(),
      ),
    ).rejects.toThrow(
      new NotFoundError(`Document ${document.sha256} of claim ${submissionId} is missing`),
    );
  });
});

describe('a staff save that keeps losing the race', () => {
  it('given the customer writes before each of its twelve tries, then the conflict stands: 409, nothing of the save appended', async () => {
    const submissionId = await submitted('lena');
    const store = harness.ports.eventStore;
    const read = {
      type: 'DecisionLetterRead' as const,
      data: { submissionId, customerId: 'lena', readAt: '2026-11-22T10:00:00.000Z' },
    };
    // The customer's own write lands between each read of the save and its append.
    const racing: EventStore = {
      ...store,
      append: async (streamId, events, options) => {
        if (streamId === claimStreamId(submissionId)) {
          await store.append(
            streamId,
            toNewEvents([read], customerContext('lena'), CLAIM_EVENT_SCHEMA_VERSIONS),
            {
              expectedRevision: 'any',
            },
          );
        }
        return store.append(streamId, events, options);
      },
    };
    const save = amendClaim(
      { ...harness.ports, eventStore: racing },
      {
        readVersion: 'latest',
        submissionId,
        changes: { claimNumber: `R${uuidv7().replace(/-/g, '').slice(-7)}`.toUpperCase() },
      },
      staffMember,
      staffContext(),
    );
    await expect(save).rejects.toEqual(new ClaimChangedError());
    const types = await streamTypes(submissionId);
    expect(types.filter((type) => type === 'DecisionLetterRead')).toHaveLength(12);
    expect(types).not.toContain('ClaimAmendedByStaff');
  });
});
