import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainHash } from '@contracts/event-hash';
import { type NewEvent, WrongExpectedRevisionError } from '@contracts/event-store';
import { verifyEventChains } from '@projections/audit/verify-chains';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { sampleEvent } from '../testing/sample-event';
import { createPostgresEventStore } from './postgres-event-store';

const event = (type: string, data: unknown): NewEvent =>
  sampleEvent(type, data, { actor: { kind: 'staff', id: 'agent-7', email: 'agent@example.com' } });

describe('group commit of concurrent appends (Postgres)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('hashes in SQL exactly what chainHash hashes, whatever the text', async () => {
    const store = createPostgresEventStore(database.pool);
    const stream = `hash-${uuidv7()}`;
    const tricky = [
      event('Noted', { text: 'résumé — 理赔 "quoted" \\ back\nline\ttab', emoji: '🧾' }),
      event('Nested', { streamRevision: '0', inner: { streamRevision: 'x', z: [1, { a: null }] } }),
      event('Ty"pe\\', { n: -0.5, big: 12345678901234, empty: {}, list: [] }),
    ];
    await Promise.all([
      store.append(stream, tricky.slice(0, 2), { expectedRevision: 'no_stream' }),
      store.append(`other-${uuidv7()}`, [event('Other', { n: 1 })], { expectedRevision: 'any' }),
    ]);
    await store.append(stream, tricky.slice(2), { expectedRevision: 1n });
    const read = await store.readStream(stream);
    let previous = '';
    for (const [index, recorded] of read.entries()) {
      previous = chainHash(previous, stream, BigInt(index), tricky[index] as NewEvent);
      expect(recorded.hash).toBe(previous);
      expect(recorded.data).toEqual(tricky[index]?.data);
    }
    expect((await verifyEventChains(database.pool)).ok).toBe(true);
    await store.close();
  });

  it('settles each append of one batch on its own: a stale revision fails alone', async () => {
    const store = createPostgresEventStore(database.pool);
    const streams = Array.from({ length: 6 }, () => `mixed-${uuidv7()}`);
    for (const stream of streams)
      await store.append(stream, [event('Opened', {})], { expectedRevision: 'no_stream' });
    const results = await Promise.allSettled(
      streams.map((stream, index) =>
        store.append(stream, [event('Changed', { index })], {
          expectedRevision: index === 3 ? 5n : 0n,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const failed = results[3] as PromiseRejectedResult;
    expect(failed.reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect((failed.reason as WrongExpectedRevisionError).actual).toBe(0n);
    expect(await store.readStream(streams[3] as string)).toHaveLength(1);
    const committed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    // One batch, one transaction: the appends that went through share a commit.
    expect(new Set(committed.map((r) => r.position.commit)).size).toBeLessThanOrEqual(2);
    await store.close();
  });

  it("gives each append of a batch its own last event's position, past appends of several events and a conflict", async () => {
    const store = createPostgresEventStore(database.pool);
    const streams = Array.from({ length: 5 }, () => `positions-${uuidv7()}`);
    for (const stream of streams)
      await store.append(stream, [event('Opened', {})], { expectedRevision: 'no_stream' });
    const sizes = [3, 1, 2, 4, 2];
    const results = await Promise.allSettled(
      streams.map((stream, index) =>
        store.append(
          stream,
          Array.from({ length: sizes[index] ?? 1 }, (_, n) => event('Changed', { n })),
          { expectedRevision: index === 1 ? 7n : 0n },
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    for (const [index, result] of results.entries()) {
      if (result.status !== 'fulfilled') continue;
      const recorded = await store.readStream(streams[index] as string);
      expect(recorded).toHaveLength(1 + (sizes[index] ?? 0));
      expect(result.value).toEqual({
        nextExpectedRevision: BigInt(sizes[index] ?? 0),
        position: recorded.at(-1)?.position,
      });
    }
    await store.close();
  });

  it('leaves no append_events behind, so a process on older code appends one by one', async () => {
    const { rows } = await database.pool.query(
      `select to_regprocedure('append_events(bigint[], int[], int[], bigint[], text)') as old,
              to_regprocedure('append_events_v3(bigint[], int[], int[], bigint[], text)') as current`,
    );
    expect(rows).toEqual([
      { old: null, current: 'append_events_v3(bigint[],integer[],integer[],bigint[],text)' },
    ]);
  });

  it('answers a retry in a batch with its first result and appends nothing twice', async () => {
    const store = createPostgresEventStore(database.pool);
    const stream = `retry-${uuidv7()}`;
    const events = [event('Submitted', { n: 1 }), event('Reserved', { n: 2 })];
    const anyStream = `retry-any-${uuidv7()}`;
    const anyEvents = [event('Changed', { n: 3 })];
    const first = await store.append(stream, events, { expectedRevision: 'no_stream' });
    const firstAny = await store.append(anyStream, anyEvents, { expectedRevision: 'any' });
    // The first retry's revision moved on (a conflict, confirmed alone); the second's
    // cannot (its event id fails the batch's insert, then each append goes alone).
    const [retry, retryAny, fresh] = await Promise.all([
      store.append(stream, events, { expectedRevision: 'no_stream' }),
      store.append(anyStream, anyEvents, { expectedRevision: 'any' }),
      store.append(`fresh-${uuidv7()}`, [event('Opened', {})], { expectedRevision: 'no_stream' }),
    ]);
    expect(retry).toEqual({ ...first, retried: true });
    expect(retryAny).toEqual({ ...firstAny, retried: true });
    expect(fresh.nextExpectedRevision).toBe(0n);
    expect(await store.readStream(stream)).toHaveLength(2);
    expect(await store.readStream(anyStream)).toHaveLength(1);
    await store.close();
  });

  it('keeps streams whole and in order when two stores (two processes) write the same streams', async () => {
    const stores = [
      createPostgresEventStore(database.pool),
      createPostgresEventStore(database.pool),
    ];
    const streams = Array.from({ length: 5 }, () => `shared-${uuidv7()}`);
    await Promise.all(
      Array.from({ length: 16 }, async (_, writer) => {
        const store = stores[writer % 2] as (typeof stores)[number];
        for (let i = 0; i < 40; i += 1) {
          const stream = streams[(writer + i) % streams.length] as string;
          await store.append(stream, [event('A', { writer, i }), event('B', { writer, i })], {
            expectedRevision: 'any',
          });
        }
      }),
    );
    for (const stream of streams) {
      const read = await stores[0]?.readStream(stream);
      expect(read?.map((e) => e.streamRevision)).toEqual(read?.map((_, index) => BigInt(index)));
      // Each append's two events stay next to each other.
      for (let at = 0; at < (read?.length ?? 0); at += 2)
        expect([read?.[at]?.type, read?.[at + 1]?.type, read?.[at + 1]?.data]).toEqual([
          'A',
          'B',
          read?.[at]?.data,
        ]);
    }
    expect(await verifyEventChains(database.pool)).toMatchObject({ ok: true });
    await Promise.all(stores.map((store) => store.close()));
  });
});
