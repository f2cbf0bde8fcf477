import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerFor, generateClaim, randomFrom } from '@infra/demo/claim-generator';
import { verifyEventChains } from '@projections/audit/verify-chains';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { importNewStreams } from './import-streams';
import { createPostgresEventStore } from './postgres-event-store';

const random = randomFrom(7);
const claims = (count: number, from: number) =>
  Array.from({ length: count }, (_, i) =>
    generateClaim(from + i, customerFor(i), random, Date.parse('2026-06-01')),
  ).flatMap((claim) => claim.streams);

const eventCount = async (database: TestDatabase) =>
  Number((await database.pool.query('select count(*) from events')).rows[0].count);

describe('importing new streams in one transaction', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('stores each stream as appends would: revisions from 0, in order, with valid hash chains', async () => {
    const streams = claims(20, 0);
    const written = await importNewStreams(database.pool, streams);
    const expected = streams.reduce((sum, s) => sum + s.events.length, 0);
    expect(written).toBe(expected);
    expect(await eventCount(database)).toBe(expected);

    const store = createPostgresEventStore(database.pool);
    for (const { streamId, events } of streams) {
      const stored = await store.readStream(streamId);
      expect(stored.map((e) => e.streamRevision)).toEqual(events.map((_, i) => BigInt(i)));
      expect(stored.map((e) => e.metadata.eventId)).toEqual(events.map((e) => e.metadata.eventId));
    }
    // A later append continues the chain where the import left it.
    const [first] = streams;
    const lastEvent = first?.events.at(-1);
    if (!first || !lastEvent) throw new Error('no stream generated');
    await store.append(
      first.streamId,
      [{ ...lastEvent, metadata: { ...lastEvent.metadata, eventId: uuidv7() } }],
      { expectedRevision: BigInt(first.events.length - 1) },
    );
    expect(await verifyEventChains(database.pool, { batchSize: 50 })).toMatchObject({ ok: true });
    await store.close();
  });

  it('writes nothing when one of the streams already exists', async () => {
    const before = await eventCount(database);
    const [existing] = claims(1, 0);
    const fresh = claims(3, 100);
    if (!existing) throw new Error('no stream generated');
    const { rows } = await database.pool.query('select stream_id from event_streams limit 1');
    await expect(
      importNewStreams(database.pool, [...fresh, { ...existing, streamId: rows[0].stream_id }]),
    ).rejects.toThrow(/expected|revision/i);
    expect(await eventCount(database)).toBe(before);
    const { rowCount } = await database.pool.query(
      'select 1 from event_streams where stream_id = any($1)',
      [fresh.map((s) => s.streamId)],
    );
    expect(rowCount).toBe(0);
  });
});
