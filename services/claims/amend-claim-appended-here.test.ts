import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, ReadStreamOptions } from '@contracts/event-store';
import { StaleVersionError } from '@contracts/errors';
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
import { amendClaim } from './amend-claim';
import type { ClaimRecord } from './claim';
import { loadClaim } from './load-claim';
import type { ClaimPorts } from './ports';
import { submitClaim } from './submit-claim';

/**
 * A staff save on a claim this process saved last decides without reading the stream
 * (issue 30); a save from another process in between must still be seen.
 */
let harness: Harness;
let elsewhere: EventStore;
beforeAll(async () => {
  harness = await openHarness();
  elsewhere = harness.anotherProcessStore();
});
afterAll(() => harness.close());

/** This process's ports, counting the stream reads and the appends they make. */
function countingPorts(): { ports: ClaimPorts; reads: () => number; appends: () => number } {
  let reads = 0;
  let appends = 0;
  const store = harness.ports.eventStore;
  const eventStore: EventStore = {
    ...store,
    readStream(streamId: string, options?: ReadStreamOptions) {
      reads += 1;
      return store.readStream(streamId, options);
    },
    append(...args: Parameters<EventStore['append']>) {
      appends += 1;
      return store.append(...args);
    },
  };
  return { ports: { ...harness.ports, eventStore }, reads: () => reads, appends: () => appends };
}

async function claim(ports: ClaimPorts) {
  const { submissionId } = await submitClaim(
    ports,
    { ...submitRequest, documents: [] },
    claimantFor('erin'),
    customerContext('erin'),
  );
  return submissionId;
}

/** The claim number each claim's saves send, as the edit form does. */
const numbers = new Map<string, string>();
const numberOf = (submissionId: string) => {
  const number =
    numbers.get(submissionId) ?? `N${uuidv7().replace(/-/g, '').slice(-7)}`.toUpperCase();
  numbers.set(submissionId, number);
  return number;
};

const save = (ports: ClaimPorts, submissionId: string, readVersion: number, cents: number) =>
  amendClaim(
    ports,
    {
      submissionId,
      readVersion,
      changes: { claimNumber: numberOf(submissionId), benefitAmount: cents / 100 },
    },
    staffMember,
    staffContext(),
  );

describe('a staff save after a save of this process', () => {
  it("given the last save was this process's, when the next save comes, then no stream read is made and the event follows it", async () => {
    const { ports, reads } = countingPorts();
    const submissionId = await claim(ports);
    const first = await save(ports, submissionId, 1, 10_000);
    const readsBefore = reads();
    const second = await save(ports, submissionId, first.version, 10_001);
    const third = await save(ports, submissionId, second.version, 10_002);
    expect(reads()).toBe(readsBefore);
    expect([first.version, second.version, third.version]).toEqual([2, 3, 4]);
    const stored = await harness.ports.eventStore.readStream(`claim-${submissionId}`);
    expect(stored.map((e) => e.streamRevision)).toEqual([0n, 1n, 2n, 3n]);
    expect(((await loadClaim(elsewhere, submissionId)) as ClaimRecord).benefitAmount).toBe(100.02);
  });

  it('given another process saved in between, when this process saves on the version it was shown, then it decides on a read and keeps both changes', async () => {
    const { ports } = countingPorts();
    const submissionId = await claim(ports);
    const mine = await save(ports, submissionId, 1, 20_000);
    const theirs = await amendClaim(
      { ...harness.ports, eventStore: elsewhere },
      {
        submissionId,
        readVersion: mine.version,
        changes: { claimNumber: numberOf(submissionId), firstPaymentDate: '2026-12-01' },
      },
      staffMember,
      staffContext(),
    );
    const next = await save(ports, submissionId, theirs.version, 20_001);
    expect(next.version).toBe(theirs.version + 1);
    const claimNow = (await loadClaim(elsewhere, submissionId)) as ClaimRecord;
    expect(claimNow).toMatchObject({ benefitAmount: 200.01, firstPaymentDate: '2026-12-01' });
  });

  it('given another process saved in between, when this process saves on the version before it, then the save is refused as stale', async () => {
    const { ports } = countingPorts();
    const submissionId = await claim(ports);
    const mine = await save(ports, submissionId, 1, 30_000);
    await amendClaim(
      { ...harness.ports, eventStore: elsewhere },
      {
        submissionId,
        readVersion: mine.version,
        changes: { claimNumber: numberOf(submissionId), benefitAmount: 301 },
      },
      staffMember,
      staffContext(),
    );
    await expect(save(ports, submissionId, mine.version, 30_002)).rejects.toBeInstanceOf(
      StaleVersionError,
    );
    expect(((await loadClaim(elsewhere, submissionId)) as ClaimRecord).benefitAmount).toBe(301);
  });

  it("given this process's last save brought a letter (two events), when the next save comes, then it reads the stream first instead of losing a race with itself", async () => {
    const { ports, reads, appends } = countingPorts();
    const submissionId = await claim(ports);
    const first = await save(ports, submissionId, 1, 40_000);
    const withLetter = await amendClaim(
      ports,
      {
        submissionId,
        readVersion: first.version,
        changes: { claimNumber: numberOf(submissionId), benefitAmount: 401 },
        decisionLetter: { fileName: 'decision.pdf', bytes: pdfBytes(`letter ${submissionId}`) },
      },
      staffMember,
      staffContext(),
    );
    const [readsBefore, appendsBefore] = [reads(), appends()];
    const next = await save(ports, submissionId, withLetter.version, 40_200);
    expect(next.version).toBe(withLetter.version + 1);
    expect([reads() - readsBefore, appends() - appendsBefore]).toEqual([1, 1]);
  });
});
