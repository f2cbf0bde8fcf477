import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLAIM_NUMBER_EVENT_SCHEMA_VERSIONS,
  type ClaimNumberEvent,
  claimNumberStreamId,
} from '@contracts/claims/claim-number-events';
import { claimStreamId } from '@contracts/claims/events';
import { ConflictError } from '@contracts/errors';
import type { EventStore } from '@contracts/event-store';
import { toNewEvents } from '../shared/command-context';
import { amendClaim } from './amend-claim';
import type { ClaimRecord } from './claim';
import { reserveClaimNumber } from './claim-number-reservations';
import { loadClaim } from './load-claim';
import { submitClaim } from './submit-claim';
import {
  claimantFor,
  customerContext,
  failingAppends,
  type Harness,
  openHarness,
  staffContext,
  staffMember,
  submitRequest,
} from '@tests/support/claims/handler-harness';

// The claim number's own stream (claim-number-{NUMBER}) when another writer gets there
// between this save's read of it and its append: each race is made deterministic by
// appending the other writer's events, through the real store, just before this one's.

let harness: Harness;
beforeAll(async () => {
  harness = await openHarness();
});
afterAll(() => harness.close());

const newClaim = async () => {
  const customerId = `customer-${uuidv7()}`;
  const submitted = await submitClaim(
    harness.ports,
    submitRequest,
    claimantFor(customerId),
    customerContext(customerId),
  );
  return submitted.submissionId;
};
const newNumber = () => `N${uuidv7().replace(/-/g, '').slice(-7)}`.toUpperCase();

/** The store, with `before` run ahead of every append to the number's stream. */
function racing(claimNumber: string, before: () => Promise<unknown>): EventStore {
  const store = harness.ports.eventStore;
  return {
    ...store,
    append: async (streamId, events, options) => {
      if (streamId === claimNumberStreamId(claimNumber)) await before();
      return store.append(streamId, events, options);
    },
  };
}

const appendNumberEvents = (claimNumber: string, events: ClaimNumberEvent[]) =>
  harness.ports.eventStore.append(
    claimNumberStreamId(claimNumber),
    toNewEvents(events, staffContext(), CLAIM_NUMBER_EVENT_SCHEMA_VERSIONS),
    { expectedRevision: 'any' },
  );

const saveNumber = (eventStore: EventStore, submissionId: string, claimNumber: string) =>
  amendClaim(
    { ...harness.ports, eventStore },
    { readVersion: 'latest', submissionId, changes: { claimNumber } },
    staffMember,
    staffContext(),
  );

const numberEvents = async (claimNumber: string) =>
  (await harness.ports.eventStore.readStream(claimNumberStreamId(claimNumber))).map((event) => [
    event.type,
    (event.data as { submissionId: string }).submissionId,
  ]);
const claimNumberOf = async (submissionId: string) =>
  ((await loadClaim(harness.ports.eventStore, submissionId)) as ClaimRecord).claimNumber;

describe('reserving a claim number against other writers', () => {
  it('given a save of the same claim reserved the number first, when this save reads again, then it finds the number held by its claim and saves', async () => {
    const submissionId = await newClaim();
    const claimNumber = newNumber();
    let raced = false;
    const store = racing(claimNumber, async () => {
      if (raced) return;
      raced = true;
      await appendNumberEvents(claimNumber, [
        { type: 'ClaimNumberReserved', data: { claimNumber, submissionId } },
      ]);
    });
    await saveNumber(store, submissionId, claimNumber);
    expect(await claimNumberOf(submissionId)).toBe(claimNumber);
    expect(await numberEvents(claimNumber)).toEqual([['ClaimNumberReserved', submissionId]]);
  });

  it('given another claim takes and gives back the number before each of three tries, then 409 "Claim number already exists" on the number field, and the claim keeps its number', async () => {
    const submissionId = await newClaim();
    const other = await newClaim();
    const claimNumber = newNumber();
    const data = { claimNumber, submissionId: other };
    const store = racing(claimNumber, () =>
      appendNumberEvents(claimNumber, [
        { type: 'ClaimNumberReserved', data },
        { type: 'ClaimNumberReleased', data },
      ]),
    );
    const refused = await saveNumber(store, submissionId, claimNumber).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toEqual(
      new ConflictError('Claim number already exists', [
        { field: 'claimNumber', code: 'claimNumber.taken' },
      ]),
    );
    const pair = [
      ['ClaimNumberReserved', other],
      ['ClaimNumberReleased', other],
    ];
    expect(await numberEvents(claimNumber)).toEqual([...pair, ...pair, ...pair]);
    expect(await claimNumberOf(submissionId)).toBe('');
  });

  it('given the number’s stream cannot be written, when saved, then that failure, not a made-up conflict', async () => {
    const submissionId = await newClaim();
    const claimNumber = newNumber();
    const store = failingAppends(
      harness.ports.eventStore,
      (streamId) => streamId === claimNumberStreamId(claimNumber),
    );
    await expect(saveNumber(store, submissionId, claimNumber)).rejects.toThrow(
      `append to ${claimNumberStreamId(claimNumber)} failed (test)`,
    );
  });

  it('given the claim already held the number (an interrupted save), when this save’s append fails, then the number stays reserved for it', async () => {
    const submissionId = await newClaim();
    const claimNumber = newNumber();
    await reserveClaimNumber(harness.ports.eventStore, claimNumber, submissionId, staffContext());
    const store = failingAppends(
      harness.ports.eventStore,
      (streamId) => streamId === claimStreamId(submissionId),
    );
    await expect(saveNumber(store, submissionId, claimNumber)).rejects.toThrow(/failed \(test\)/);
    expect(await numberEvents(claimNumber)).toEqual([['ClaimNumberReserved', submissionId]]);
  });

  it('given another claim holds the number, when saved, then 409 "Claim number already exists" on the number field', async () => {
    const [holder, submissionId] = [await newClaim(), await newClaim()];
    const claimNumber = newNumber();
    await saveNumber(harness.ports.eventStore, holder, claimNumber);
    await expect(saveNumber(harness.ports.eventStore, submissionId, claimNumber)).rejects.toEqual(
      new ConflictError('Claim number already exists', [
        { field: 'claimNumber', code: 'claimNumber.taken' },
      ]),
    );
  });
});
