import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, openHarness } from '@tests/support/claims/handler-harness';
import { poolForTestDatabase } from '@tests/support/test-database';
import { claimsProjection } from '../claims/claims-projection';
import { leadProjection } from './projection-leadership';

describe('projection leadership, standby', () => {
  let harness: Harness;
  let holder: pg.Client;
  let standbyPool: pg.Pool;

  beforeAll(async () => {
    harness = await openHarness();
    // Another worker leads: it holds the projection's lock for the whole test.
    holder = new pg.Client({ connectionString: harness.database.url });
    await holder.connect();
    await holder.query('select pg_advisory_lock(hashtextextended($1, 0))', ['projection:claims']);
    // One connection: every heartbeat of the standby checks out the same client.
    standbyPool = poolForTestDatabase(harness.database.url, 1);
  });
  afterAll(async () => {
    await holder.end();
    await standbyPool.end();
    await harness.close();
  });

  it('leaves no error listener behind on its pooled connection, heartbeat after heartbeat', async () => {
    const roles: string[] = [];
    const standby = leadProjection({
      pool: standbyPool,
      eventStore: harness.ports.eventStore,
      projection: claimsProjection,
      batchSize: 10,
      heartbeatMs: 5,
      onRoleChange: (_name, role) => roles.push(role),
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await standby.stop();
    const client = await standbyPool.connect();
    try {
      expect(roles).toEqual([]);
      expect(client.listenerCount('error')).toBeLessThanOrEqual(1);
    } finally {
      client.release();
    }
  });
});
