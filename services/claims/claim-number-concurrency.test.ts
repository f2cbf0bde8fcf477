import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimNumberStreamId } from '@contracts/claims/claim-number-events';
import { claimStreamId } from '@contracts/claims/events';
import { ConflictError, ValidationError } from '@contracts/errors';
import { amendClaim } from './amend-claim';
import type { ClaimRecord } from './claim';
import { loadClaim } from './load-claim';
import { submitClaim } from './submit-claim';
import {
  claimantFor,
  customerContext,
  type Harness,
  openHarness,
  staffContext,
  staffMember,
  submitRequest,
} from '@tests/support/claims/handler-harness';

const RUNS = Array.from({ length: 20 }, (_, index) => index + 1);

let harness: Harness;
beforeAll(async () => {
  harness = await openHarness();
});
afterAll(() => harness.close());

const newClaim = async (customerId: string) =>
  (
    await submitClaim(
      harness.ports,
      submitRequest,
      claimantFor(customerId),
      customerContext(customerId),
    )
  ).submissionId;

const saveNumber = (submissionId: string, claimNumber: string) =>
  amendClaim(
    harness.ports,
    { readVersion: 'latest', submissionId, changes: { claimNumber } },
    staffMember,
    staffContext(),
  );

async function reservations(claimNumber: string) {
  return (await harness.ports.eventStore.readStream(claimNumberStreamId(claimNumber))).map(
    (event) => [event.type, (event.data as { submissionId: string }).submissionId],
  );
}

describe('two staff saves of the same new claim number at once', () => {
  it.each(RUNS)(
    'on two claims: one wins, the other gets 409 "Claim number already exists" (run %i/20)',
    async (run) => {
      const [first, second] = await Promise.all([newClaim(`a${run}`), newClaim(`b${run}`)]);
      const claimNumber = `RACE${run}`;
      const results = await Promise.allSettled([
        saveNumber(first, claimNumber),
        saveNumber(second, claimNumber),
      ]);

      const winners = results.flatMap((result) =>
        result.status === 'fulfilled' ? [result.value.submissionId] : [],
      );
      const losers = results.flatMap((result) =>
        result.status === 'rejected' ? [result.reason] : [],
      );
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      expect(losers[0]).toBeInstanceOf(ConflictError);
      expect((losers[0] as Error).message).toBe('Claim number already exists');

      const winner = winners[0] as string;
      const loser = winner === first ? second : first;
      expect(await reservations(claimNumber)).toEqual([['ClaimNumberReserved', winner]]);
      expect(((await loadClaim(harness.ports.eventStore, winner)) as ClaimRecord).claimNumber).toBe(
        claimNumber,
      );
      const loserEvents = await harness.ports.eventStore.readStream(claimStreamId(loser));
      expect(loserEvents.map((event) => event.type)).toEqual(['ClaimSubmitted']);
    },
  );

  it.each(RUNS)(
    'on the same claim: one wins, the other gets a 409 and the reservation stays (run %i/20)',
    async (run) => {
      const submissionId = await newClaim(`c${run}`);
      const claimNumber = `SAME${run}`;
      const results = await Promise.allSettled([
        saveNumber(submissionId, claimNumber),
        saveNumber(submissionId, claimNumber),
      ]);

      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const [loser] = results.flatMap((result) =>
        result.status === 'rejected' ? [result.reason] : [],
      );
      // Read before the winner's append: a conflict. Read after it (the saves then ran one
      // after the other): the number is already there, so there is nothing to save.
      if (loser instanceof ValidationError)
        expect(loser.fieldErrors).toEqual([{ field: 'form', code: 'form.noChanges' }]);
      else expect(loser).toBeInstanceOf(ConflictError);
      expect(await reservations(claimNumber)).toEqual([['ClaimNumberReserved', submissionId]]);
      expect(
        ((await loadClaim(harness.ports.eventStore, submissionId)) as ClaimRecord).claimNumber,
      ).toBe(claimNumber);
    },
  );
});
