import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@contracts/event-store';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { sampleEvent } from '../testing/sample-event';
import { createPostgresEventStore } from './postgres-event-store';

const noted = () =>
  sampleEvent('Noted', {}, { actor: { kind: 'staff', id: 'agent-7', email: 'a@example.com' } });

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const until = async (check: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('waking followers (Postgres)', () => {
  it('wakes a follower of another store (another process) by NOTIFY, with polling all but off', async () => {
    const writer = createPostgresEventStore(database.pool);
    const reader = createPostgresEventStore(database.pool, { pollIntervalMs: 60_000 });
    const seen: RecordedEvent[] = [];
    const subscription = reader.subscribe({
      after: { commit: 0n, prepare: 0n },
      onEvents: async (events) => {
        seen.push(...events);
      },
    });
    await subscription.caughtUp;
    await new Promise((resolve) => setTimeout(resolve, 200)); // its LISTEN is in place
    const before = seen.length;
    await writer.append(`wake-${uuidv7()}`, [noted()], { expectedRevision: 'no_stream' });
    await until(() => seen.length > before, 2_000);
    await subscription.stop();
    await Promise.all([writer.close(), reader.close()]);
  });

  it('reads again soon after an older open transaction held its events back, with no wake-up to come', async () => {
    const store = createPostgresEventStore(database.pool, { pollIntervalMs: 60_000 });
    let seen = 0;
    const subscription = store.subscribe({
      after: { commit: 0n, prepare: 0n },
      onEvents: async (events) => {
        seen += events.length;
      },
    });
    await subscription.caughtUp;
    const before = seen;
    const holder = await database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_current_xact_id()'); // an xid older than the append's
      await store.append(`held-${uuidv7()}`, [noted()], { expectedRevision: 'no_stream' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).toBe(before); // behind the horizon: not readable yet
    } finally {
      await holder.query('commit');
      holder.release();
    }
    const committed = performance.now();
    await until(() => seen > before, 2_000);
    expect(performance.now() - committed).toBeLessThan(1_000);
    await subscription.stop();
    await store.close();
  });

  it('lingers after a batch: what was appended meanwhile comes as one batch, and stop() cuts the wait short', async () => {
    const store = createPostgresEventStore(database.pool, { pollIntervalMs: 60_000 });
    const batches: RecordedEvent[][] = [];
    const subscription = store.subscribe({
      after: { commit: 0n, prepare: 0n },
      lingerMs: 1_000,
      onEvents: async (events) => {
        batches.push([...events]);
      },
    });
    await subscription.caughtUp;
    const before = batches.length;
    const stream = `linger-${uuidv7()}`;
    await store.append(stream, [noted()], { expectedRevision: 'no_stream' });
    await until(() => batches.length > before, 2_000);
    // The follower lingers now: three appends, each waking it, meet one read after the wait.
    for (const revision of [0n, 1n, 2n])
      await store.append(stream, [noted()], { expectedRevision: revision });
    await until(() => batches.length > before + 1, 5_000);
    expect(batches.slice(before).map((batch) => batch.length)).toEqual([1, 3]);

    const lingering = Date.now();
    await subscription.stop();
    expect(Date.now() - lingering).toBeLessThan(900);
    await store.close();
  });
});
