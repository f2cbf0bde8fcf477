import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@contracts/event-store';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import type { CommandContext } from '@services/shared/command-context';
import { submitClaim } from '@services/claims/submit-claim';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { applyBatch } from '../runner/run-projections';
import { claimsProjection } from './claims-projection';
import { listCustomerClaims } from './customer-claims-query';

const claimant = (customerId: string) => ({
  customerId,
  email: `${customerId}@example.com`,
  firstName: 'Marie',
  lastName: 'Tremblay',
  dateOfBirth: '1980-04-02',
});

const context = (customerId: string, now: Date): CommandContext => ({
  commandId: uuidv7(),
  actor: { kind: 'customer', id: customerId },
  tenant: 'base',
  correlationId: uuidv7(),
  now,
});

const request = {
  policyNumber: 'POL-1',
  productCode: '210' as const,
  productType: 'Mortgage' as const,
  claimType: 'Job Loss' as const,
  claimDescription: '',
};

describe('claims projection', () => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore(database.pool);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('lists each customer only their own claims, newest first, with the submitted defaults', async () => {
    const first = await submitClaim(
      store,
      request,
      claimant('alice'),
      context('alice', new Date('2026-01-01')),
    );
    const second = await submitClaim(
      store,
      { ...request, policyNumber: 'POL-2' },
      claimant('alice'),
      context('alice', new Date('2026-02-01')),
    );
    await submitClaim(store, request, claimant('bob'), context('bob', new Date('2026-03-01')));
    await applyBatch(
      database.pool,
      claimsProjection,
      await store.readAll({ after: { commit: 0n, prepare: 0n }, maxCount: 100 }),
    );

    const claims = await listCustomerClaims(database.pool, 'alice');
    expect(claims.map((c) => c.submissionId)).toEqual([second.submissionId, first.submissionId]);
    expect(claims[0]).toMatchObject({
      claimNumber: null,
      confirmationNumber: second.confirmationNumber,
      status: 'Submitted',
      benefitAmount: 0,
      decisionLetterRead: true,
      submittedAt: '2026-02-01T00:00:00.000Z',
    });
  });

  it('changes nothing when the same events are applied twice', async () => {
    const events = await store.readAll({ after: { commit: 0n, prepare: 0n }, maxCount: 100 });
    const before = await database.pool.query('select * from claims order by submission_id');
    await database.pool.query('delete from projection_checkpoints');
    await applyBatch(database.pool, claimsProjection, events);
    await applyBatch(database.pool, claimsProjection, events);
    const after = await database.pool.query('select * from claims order by submission_id');
    expect(after.rows).toEqual(before.rows);
  });
});
