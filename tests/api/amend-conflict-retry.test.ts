import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStreamId } from '@contracts/claims/events';
import type { EventStore, ReadStreamOptions } from '@contracts/event-store';
import { addAdditionalDocuments } from '@services/claims/add-additional-documents';
import { amendClaim } from '@services/claims/amend-claim';
import { ClaimChangedError } from '@services/claims/claim-stream';
import { COMMUTING_ATTEMPTS } from '@services/claims/handle-claim-command';
import type { ClaimPorts } from '@services/claims/ports';
import { submitClaim } from '@services/claims/submit-claim';
import { toProblemResponse } from '@site/lib/problem.server';
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

/**
 * A staff save that loses the append race to a write from another process (decision 120):
 * the claim command handler reads, decides and appends again, a bounded number of times,
 * and a conflict that outlasts them is a 409. The race is real: right after this process
 * reads the claim, another event store on the same database appends to it.
 */
let harness: Harness;
let elsewhere: ClaimPorts;
beforeAll(async () => {
  harness = await openHarness();
  elsewhere = { ...harness.ports, eventStore: harness.anotherProcessStore() };
});
afterAll(() => harness.close());

/** This process's ports: each read of the claim is followed by `meanwhile`, before its answer. */
function racedPorts(submissionId: string, meanwhile: (read: number) => Promise<unknown>) {
  const store = harness.ports.eventStore;
  const streamId = claimStreamId(submissionId);
  let reads = 0;
  let appends = 0;
  const eventStore: EventStore = {
    ...store,
    async readStream(id: string, options?: ReadStreamOptions) {
      const read = await store.readStream(id, options);
      if (id === streamId) await meanwhile(++reads);
      return read;
    },
    append(...args: Parameters<EventStore['append']>) {
      if (args[0] === streamId) appends += 1;
      return store.append(...args);
    },
  };
  return { ports: { ...harness.ports, eventStore }, appends: () => appends };
}

async function submitted(customerId: string): Promise<string> {
  const claim = await submitClaim(
    harness.ports,
    { ...submitRequest, documents: [] },
    claimantFor(customerId),
    customerContext(customerId),
  );
  return claim.submissionId;
}

/** A claim number of the claim's own, which a first staff save must give. */
const numberOf = (submissionId: string) =>
  `R${submissionId.replace(/-/g, '').slice(-7)}`.toUpperCase();

const streamTypes = async (submissionId: string) =>
  (await harness.ports.eventStore.readStream(claimStreamId(submissionId))).map((e) => e.type);

describe('a staff save that loses the append race', () => {
  it('given the claimant adds a document between the read and the append, when staff save on the version they read, then the save decides again and both writes stay', async () => {
    const submissionId = await submitted('olga');
    const { ports, appends } = racedPorts(submissionId, async (read) => {
      if (read !== 1) return;
      await addAdditionalDocuments(
        elsewhere,
        {
          submissionId,
          files: [{ fileName: 'late.pdf', bytes: pdfBytes(`late ${submissionId}`) }],
        },
        claimantFor('olga'),
        customerContext('olga'),
      );
    });

    const saved = await amendClaim(
      ports,
      {
        submissionId,
        readVersion: 1,
        changes: { claimNumber: numberOf(submissionId), benefitAmount: 120 },
      },
      staffMember,
      staffContext(),
    );

    expect(appends()).toBe(2);
    expect(saved).toMatchObject({ appended: true, version: 3 });
    expect(saved.claim).toMatchObject({ benefitAmount: 120 });
    expect(await streamTypes(submissionId)).toEqual([
      'ClaimSubmitted',
      'AdditionalDocumentsAdded',
      'ClaimAmendedByStaff',
    ]);
  });

  it('given another process writes after every read, when staff save, then it gives up after the bounded attempts with a 409 and appends nothing', async () => {
    const submissionId = await submitted('pavel');
    const { ports, appends } = racedPorts(submissionId, (read) =>
      amendClaim(
        elsewhere,
        {
          submissionId,
          readVersion: 'latest',
          changes: { claimNumber: numberOf(submissionId), benefitAmount: 1000 + read },
        },
        staffMember,
        staffContext(),
      ),
    );

    const error = await amendClaim(
      ports,
      {
        submissionId,
        readVersion: 'latest',
        changes: { claimNumber: numberOf(submissionId), benefitAmount: 1 },
      },
      staffMember,
      staffContext(),
    ).catch((failure: unknown) => failure);

    expect(error).toBeInstanceOf(ClaimChangedError);
    expect(appends()).toBe(COMMUTING_ATTEMPTS);
    const response = toProblemResponse(error, 'request-1', 'fr');
    expect(response.status).toBe(409);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ code: 'CONFLICT' });
    const types = await streamTypes(submissionId);
    expect(types).toHaveLength(1 + COMMUTING_ATTEMPTS);
    expect(new Set(types.slice(1))).toEqual(new Set(['ClaimAmendedByStaff']));
  });
});
