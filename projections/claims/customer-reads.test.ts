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

/** A fresh database per describe: each test below stands alone, whatever ran before it. */
function onFreshDatabase() {
  const state = {} as { harness: Harness; spec: ReturnType<typeof claimsProjectionSpec> };
  beforeAll(async () => {
    state.harness = await openHarness();
    state.spec = claimsProjectionSpec(state.harness.database.pool);
  });
  afterAll(() => state.harness.close());
  return state;
}

const approvedLog = () => {
  const id = uuidv7();
  return claimLog(id, [submitted(id, 'ana'), statusSaved(id, 'Submitted', 'Approved')]);
};
const deniedLog = () => {
  const id = uuidv7();
  return claimLog(id, [submitted(id, 'bob'), statusSaved(id, 'Submitted', 'Denied')]);
};

describe('claims projection: claims per status (decision 065), one moved', () => {
  const db = onFreshDatabase();

  it('given two submitted claims, when one is approved, then one is counted in each status', async () => {
    const [first, second] = [approvedLog(), deniedLog()];
    await db.spec
      .given(...first.slice(0, 1), ...second.slice(0, 1))
      .when(...first.slice(1))
      .then(async () => {
        expect(await statusCounts(db.harness)).toEqual([
          { status: 'Approved', claims: '1' },
          { status: 'Submitted', claims: '1' },
        ]);
      });
  });
});

describe('claims projection: claims per status (decision 065), the last one moved', () => {
  const db = onFreshDatabase();

  it('given the only submitted claim, when it is denied, then no row is left for Submitted, and it reads as 0', async () => {
    const log = deniedLog();
    await db.spec
      .given(...log.slice(0, 1))
      .when(...log.slice(1))
      .then(async () => {
        expect(await statusCounts(db.harness)).toEqual([{ status: 'Denied', claims: '1' }]);
        expect(await claimStatusCounts(db.harness.database.pool)).toEqual({
          Submitted: 0,
          Pending: 0,
          Denied: 1,
          Approved: 0,
          'In Progress': 0,
        });
      });
  });
});

describe('claims projection: claims per status (decision 065), a status the spec does not have', () => {
  const db = onFreshDatabase();

  it('given a count row of a status outside the spec, when the counts are read, then only the spec’s statuses', async () => {
    await db.harness.database.pool.query(
      "insert into claim_status_counts (status, claims) values ('Archived', 3)",
    );
    expect(await claimStatusCounts(db.harness.database.pool)).toEqual({
      Submitted: 0,
      Pending: 0,
      'In Progress': 0,
      Approved: 0,
      Denied: 0,
    });
  });
});

describe('claims projection: claims per status (decision 065), the same events twice', () => {
  const db = onFreshDatabase();

  it('given every event projected, when the same events come again, then neither the claims nor the counts move', async () => {
    const log = [...approvedLog(), ...deniedLog()];
    await db.spec
      .given(...log)
      .when(...log)
      .then(async () => {
        expect(await statusCounts(db.harness)).toEqual([
          { status: 'Approved', claims: '1' },
          { status: 'Denied', claims: '1' },
        ]);
      });
  });
});
