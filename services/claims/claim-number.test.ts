import { describe, expect, it } from 'vitest';
import type { ClaimNumberEvent } from '@contracts/claims/claim-number-events';
import type { ClaimNumberCommand } from '@contracts/claims/commands';
import { ConflictError } from '@contracts/errors';
import { deciderSpecification } from '@tests/support/decider-specification';
import {
  CLAIM_NUMBER_TAKEN,
  decideClaimNumber,
  evolveClaimNumber,
  initialClaimNumber,
} from './claim-number';

const spec = deciderSpecification(
  { initialState: initialClaimNumber, decide: decideClaimNumber, evolve: evolveClaimNumber },
  {},
);

const data = (submissionId: string) => ({ claimNumber: 'AB12', submissionId });
const reserve = (submissionId: string): ClaimNumberCommand => ({
  type: 'ReserveClaimNumber',
  data: data(submissionId),
});
const release = (submissionId: string): ClaimNumberCommand => ({
  type: 'ReleaseClaimNumber',
  data: data(submissionId),
});
const reserved = (submissionId: string): ClaimNumberEvent => ({
  type: 'ClaimNumberReserved',
  data: data(submissionId),
});
const released = (submissionId: string): ClaimNumberEvent => ({
  type: 'ClaimNumberReleased',
  data: data(submissionId),
});

describe('claim number reservation', () => {
  it('reserves a number never used, and one released since', () => {
    spec
      .given([])
      .when(reserve('s-1'))
      .then([reserved('s-1')]);
    spec
      .given([reserved('s-2'), released('s-2')])
      .when(reserve('s-1'))
      .then([reserved('s-1')]);
  });

  it("refuses another claim's number with 'Claim number already exists'", () => {
    spec
      .given([reserved('s-2')])
      .when(reserve('s-1'))
      .thenThrows(ConflictError, (error) => expect(error.message).toBe(CLAIM_NUMBER_TAKEN));
    expect(CLAIM_NUMBER_TAKEN).toBe('Claim number already exists');
  });

  it('lets a claim hold its own number again without a new event', () => {
    spec
      .given([reserved('s-1')])
      .when(reserve('s-1'))
      .then([]);
  });

  it('releases only what the claim holds', () => {
    spec
      .given([reserved('s-1')])
      .when(release('s-1'))
      .then([released('s-1')]);
    spec
      .given([reserved('s-2')])
      .when(release('s-1'))
      .then([]);
    spec.given([]).when(release('s-1')).then([]);
    spec
      .given([reserved('s-1'), released('s-1')])
      .when(release('s-1'))
      .then([]);
  });
});
