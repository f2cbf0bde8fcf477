import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_OF_LOG } from '@contracts/event-store';
import { testEvent } from '@tests/contracts/event-store-contract-support';
import { type Harness, openHarness } from '@tests/support/claims/handler-harness';
import { applyBatch } from './apply-batch';
import type { Projection } from './projection';
import { projectionLag } from './projection-lag';

const everything: Projection = { name: 'lag-test', handles: () => true, apply: async () => {} };

describe('projection lag', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness();
  });
  afterAll(() => harness.close());

  it('counts the events after the checkpoint and the age of the oldest, then zero once applied', async () => {
    const { database } = harness;
    const store = harness.ports.eventStore;
    const old = testEvent('Old');
    const aMinuteAgo = {
      ...old,
      metadata: { ...old.metadata, occurredAt: new Date(Date.now() - 60_000).toISOString() },
    };
    await store.append('lag-stream', [aMinuteAgo, testEvent('New')], {
      expectedRevision: 'no_stream',
    });

    let lag = await projectionLag(database.pool, store, everything, new Date());
    for (let tries = 0; lag.eventsBehind < 2 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      lag = await projectionLag(database.pool, store, everything, new Date());
    }
    expect(lag.eventsBehind).toBe(2);
    expect(lag.secondsBehind).toBeGreaterThanOrEqual(59);

    await applyBatch(
      database.pool,
      everything,
      await store.readAll({ after: START_OF_LOG, maxCount: 10 }),
    );
    expect(await projectionLag(database.pool, store, everything, new Date())).toMatchObject({
      eventsBehind: 0,
      secondsBehind: 0,
    });
    await store.close();
  });
});
