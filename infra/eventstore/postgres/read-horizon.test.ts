import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projection } from '@projections/runner/projection';
import { projectionLag } from '@projections/runner/projection-lag';
import { testEvent } from '@tests/contracts/event-store-contract-support';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { createPostgresEventStore } from './postgres-event-store';
import { readHorizon } from './read-horizon';

const everything: Projection = { name: 'horizon-test', handles: () => true, apply: async () => {} };

describe('read horizon: an open transaction holding the log’s readers back', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('counts events committed behind an old open xid, its age, and projection lag says so', async () => {
    const store = createPostgresEventStore(database.pool);
    const holder = await database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_current_xact_id()');
      await store.append('horizon-a', [testEvent('A1'), testEvent('A2')], {
        expectedRevision: 'no_stream',
      });
      await new Promise((resolve) => setTimeout(resolve, 1_200));

      const horizon = await readHorizon(database.pool);
      expect(horizon.eventsHeldBack).toBe(2);
      expect(horizon.heldBackSeconds).toBeGreaterThanOrEqual(1);
      expect(horizon.oldestOpenTransaction?.seconds).toBeGreaterThanOrEqual(1);
      // Before the fix, health said eventsBehind 0 here: nothing is readable yet.
      expect(await store.readAll({ after: { commit: 0n, prepare: 0n }, maxCount: 10 })).toEqual([]);
      const lag = await projectionLag(database.pool, store, everything, new Date(), horizon);
      expect(lag).toMatchObject({ eventsBehind: 2, eventsHeldBack: 2 });
      expect(lag.secondsBehind).toBeGreaterThanOrEqual(1);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    const after = await readHorizon(database.pool);
    expect(after.eventsHeldBack).toBe(0);
    expect(after.heldBackSeconds).toBe(0);
    await store.close();
  });
});
