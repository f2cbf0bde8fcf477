import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, openHarness } from '@tests/support/claims/handler-harness';
import {
  claimLog,
  claimsProjectionSpec,
  statusSaved,
  submitted,
} from '@tests/support/projections/claims-projection-spec';
import { statusCounts } from '@tests/support/projections/claims-projection-helpers';
import { customerClaimTimeline } from './claim-timeline';
import { customerClaimAccess, getCustomerClaimWithVersion } from './customer-claims-query';
import { claimStatusCounts } from './status-counts';

describe('claims projection, as the customer and the dashboard read it', () => {
  let harness: Harness;
  let spec: ReturnType<typeof claimsProjectionSpec>;
  beforeAll(async () => {
    harness = await openHarness();
    spec = claimsProjectionSpec(harness.database.pool);
  });
  afterAll(() => harness.close());
  const pool = () => harness.database.pool;

  it('given a claim of ana, when asked whose it is, then ana’s own, another’s to bob, none when unknown or no UUID', async () => {
    const id = uuidv7();
    await spec
      .given()
      .when(...claimLog(id, [submitted(id, 'ana')]))
      .then(async () => {
        expect(await customerClaimAccess(pool(), 'ana', id)).toBe('own');
        expect(await customerClaimAccess(pool(), 'bob', id)).toBe('other');
        expect(await customerClaimAccess(pool(), 'ana', uuidv7())).toBe('none');
        expect(await customerClaimAccess(pool(), 'ana', 'not-a-uuid')).toBe('none');
      });
  });

  it('given a submission and a staff save, when read with its version, then the claim at version 2, to its customer only', async () => {
    const id = uuidv7();
    await spec
      .given(...claimLog(id, [submitted(id, 'ana'), statusSaved(id, 'Submitted', 'Pending')]))
      .when()
      .then(async () => {
        const read = await getCustomerClaimWithVersion(pool(), 'ana', id);
        expect(read?.version).toBe(2);
        expect(read?.claim).toMatchObject({ submissionId: id, status: 'Pending' });
        expect(await getCustomerClaimWithVersion(pool(), 'bob', id)).toBeUndefined();
        expect(await getCustomerClaimWithVersion(pool(), 'ana', 'nope')).toBeUndefined();
      });
  });

  it('given a claim taken into review then approved, when its timeline is read, then each step at its event’s moment', async () => {
    const id = uuidv7();
    const log = claimLog(id, [
      submitted(id, 'ana'),
      statusSaved(id, 'Submitted', 'Pending'),
      statusSaved(id, 'Pending', 'Approved'),
    ]);
    await spec
      .given()
      .when(...log)
      .then(async () => {
        expect(await customerClaimTimeline(pool(), 'ana', id)).toEqual({
          submittedAt: log[0]?.metadata.occurredAt,
          inReviewAt: log[1]?.metadata.occurredAt,
          decidedAt: log[2]?.metadata.occurredAt,
          decision: 'Approved',
        });
        expect(await customerClaimTimeline(pool(), 'bob', id)).toBeUndefined();
        expect(await customerClaimTimeline(pool(), 'ana', 'nope')).toBeUndefined();
      });
  });
});

describe('claims projection: claims per status (decision 065)', () => {
  let harness: Harness;
  let spec: ReturnType<typeof claimsProjectionSpec>;
  beforeAll(async () => {
    harness = await openHarness();
    spec = claimsProjectionSpec(harness.database.pool);
  });
  afterAll(() => harness.close());

  const [first, second] = [uuidv7(), uuidv7()];
  const firstLog = claimLog(first, [
    submitted(first, 'ana'),
    statusSaved(first, 'Submitted', 'Approved'),
  ]);
  const secondLog = claimLog(second, [
    submitted(second, 'bob'),
    statusSaved(second, 'Submitted', 'Denied'),
  ]);

  it('given two submitted claims, when one is approved, then one is counted in each status', async () => {
    await spec
      .given(...firstLog.slice(0, 1), ...secondLog.slice(0, 1))
      .when(...firstLog.slice(1))
      .then(async () => {
        expect(await statusCounts(harness)).toEqual([
          { status: 'Approved', claims: '1' },
          { status: 'Submitted', claims: '1' },
        ]);
      });
  });

  it('given the last submitted claim, when it is denied, then no row is left for Submitted, and it reads as 0', async () => {
    await spec
      .given()
      .when(...secondLog.slice(1))
      .then(async () => {
        expect(await statusCounts(harness)).toEqual([
          { status: 'Approved', claims: '1' },
          { status: 'Denied', claims: '1' },
        ]);
        expect(await claimStatusCounts(harness.database.pool)).toEqual({
          Submitted: 0,
          Pending: 0,
          Denied: 1,
          Approved: 1,
          'In Progress': 0,
        });
      });
  });

  it('given every event projected, when the same events come twice, then neither the claims nor the counts move', async () => {
    const before = await statusCounts(harness);
    await spec
      .given(...firstLog, ...secondLog)
      .when(...firstLog, ...secondLog)
      .then(async () => {
        expect(await statusCounts(harness)).toEqual(before);
      });
  });
});
