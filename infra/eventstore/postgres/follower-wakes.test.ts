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

/**
 * Followers here poll once a minute: a bound of a sixth of that tells a wake-up from a poll
 * however loaded the machine is, where a bound of a second would only measure the load.
 */
const POLL_MS = 60_000;
const WOKEN_WITHIN_MS = POLL_MS / 6;

const until = async (check: () => boolean | Promise<boolean>, ms = WOKEN_WITHIN_MS) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/** Some session of this database listens for the store's announcements. */
const someoneListens = async () => {
  const { rows } = await database.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and query ilike 'listen %'`,
  );
  return (rows[0]?.n ?? 0) > 0;
};

describe('waking followers (Postgres)', () => {
  it('wakes a follower of another store (another process) by NOTIFY, with polling all but off', async () => {
    const writer = createPostgresEventStore(database.pool);
    const reader = createPostgresEventStore(database.pool, { pollIntervalMs: POLL_MS });
    const seen: RecordedEvent[] = [];
    const subscription = reader.subscribe({
      after: { commit: 0n, prepare: 0n },
      onEvents: async (events) => {
        seen.push(...events);
      },
    });
    await subscription.caughtUp;
    await until(someoneListens);
    const before = seen.length;
    await writer.append(`wake-${uuidv7()}`, [noted()], { expectedRevision: 'no_stream' });
    await until(() => seen.length > before);
    await subscription.stop();
    await Promise.all([writer.close(), reader.close()]);
  });

  it('reads again soon after an older open transaction held its events back, with no wake-up to come', async () => {
    const store = createPostgresEventStore(database.pool, { pollIntervalMs: POLL_MS });
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
    await until(() => seen > before);
    await subscription.stop();
    await store.close();
  });

  it('lingers after a batch: what was appended meanwhile comes as one batch', async () => {
    const store = createPostgresEventStore(database.pool, { pollIntervalMs: POLL_MS });
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
    await until(() => batches.length > before);
    // The follower lingers now: three appends, each waking it, meet one read after the wait.
    for (const revision of [0n, 1n, 2n])
      await store.append(stream, [noted()], { expectedRevision: revision });
    await until(() => batches.length > before + 1);
    expect(batches.slice(before).map((batch) => batch.length)).toEqual([1, 3]);
    await subscription.stop();
    await store.close();
  });

  it('stop() cuts a linger short', async () => {
    const LINGER_MS = 60_000;
    const store = createPostgresEventStore(database.pool, { pollIntervalMs: POLL_MS });
    // An event to catch up on: the follower lingers after that first batch.
    await store.append(`linger-${uuidv7()}`, [noted()], { expectedRevision: 'no_stream' });
    let batches = 0;
    const subscription = store.subscribe({
      after: { commit: 0n, prepare: 0n },
      lingerMs: LINGER_MS,
      onEvents: async () => {
        batches += 1;
      },
    });
    await until(() => batches > 0); // it lingers from here on, before it is caught up
    const stopping = Date.now();
    await subscription.stop();
    expect(Date.now() - stopping).toBeLessThan(LINGER_MS / 6);
    await store.close();
  });
});
