import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compareLogPositions,
  EventIdConflictError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  readEach,
  START_OF_LOG,
  WrongExpectedRevisionError,
} from '@contracts/event-store';
import {
  type EventStoreUnderTest,
  follow,
  testEvent,
  uniqueStream,
  waitUntilLogHas,
} from './event-store-contract-support';

export function eventStoreContract(name: string, create: () => Promise<EventStoreUnderTest>): void {
  describe(`EventStore contract: ${name}`, () => {
    let underTest: EventStoreUnderTest;
    let store: EventStore;
    beforeAll(async () => {
      underTest = await create();
      store = underTest.store;
    }, 120_000);
    afterAll(async () => {
      await underTest?.cleanup();
    });

    describe('append and read a stream', () => {
      it('appends to a new stream with no_stream and reads the events back in order', async () => {
        const stream = uniqueStream();
        const events = [testEvent('A', { i: 0 }), testEvent('B', { i: 1 })];
        const result = await store.append(stream, events, { expectedRevision: 'no_stream' });
        expect(result.nextExpectedRevision).toBe(1n);
        const read = await store.readStream(stream);
        expect(read.map((e) => [e.type, e.data, e.streamRevision])).toEqual([
          ['A', { i: 0 }, 0n],
          ['B', { i: 1 }, 1n],
        ]);
        expect(read[0]?.metadata).toEqual(events[0]?.metadata);
      });

      it('returns an empty list for a stream that does not exist', async () => {
        expect(await store.readStream(uniqueStream())).toEqual([]);
      });

      it('reads from a revision with a maximum count', async () => {
        const stream = uniqueStream();
        await store.append(
          stream,
          [0, 1, 2, 3].map((i) => testEvent('N', { i })),
          {
            expectedRevision: 'no_stream',
          },
        );
        const read = await store.readStream(stream, { fromRevision: 1n, maxCount: 2 });
        expect(read.map((e) => e.streamRevision)).toEqual([1n, 2n]);
      });
    });

    describe('expected revision', () => {
      it('rejects no_stream on an existing stream with a typed conflict', async () => {
        const stream = uniqueStream();
        await store.append(stream, [testEvent()], { expectedRevision: 'no_stream' });
        const error = await store
          .append(stream, [testEvent()], { expectedRevision: 'no_stream' })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect((error as WrongExpectedRevisionError).actual).toBe(0n);
      });

      it('rejects a stale revision and appends nothing', async () => {
        const stream = uniqueStream();
        await store.append(stream, [testEvent(), testEvent()], { expectedRevision: 'no_stream' });
        await expect(
          store.append(stream, [testEvent()], { expectedRevision: 0n }),
        ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('rejects stream_exists on a missing stream', async () => {
        await expect(
          store.append(uniqueStream(), [testEvent()], { expectedRevision: 'stream_exists' }),
        ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      });

      it('accepts the exact revision, stream_exists and any', async () => {
        const stream = uniqueStream();
        await store.append(stream, [testEvent()], { expectedRevision: 'no_stream' });
        await store.append(stream, [testEvent()], { expectedRevision: 0n });
        await store.append(stream, [testEvent()], { expectedRevision: 'stream_exists' });
        const last = await store.append(stream, [testEvent()], { expectedRevision: 'any' });
        expect(last.nextExpectedRevision).toBe(3n);
      });

      it('lets exactly one of two racing writers with the same revision win', async () => {
        const stream = uniqueStream();
        await store.append(stream, [testEvent()], { expectedRevision: 'no_stream' });
        const results = await Promise.allSettled([
          store.append(stream, [testEvent('W1')], { expectedRevision: 0n }),
          store.append(stream, [testEvent('W2')], { expectedRevision: 0n }),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const rejected = results.find((r) => r.status === 'rejected');
        expect(rejected?.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream)).toHaveLength(2);
      });
    });

    describe('idempotency by event id', () => {
      it('appends a retried batch once and returns the first result', async () => {
        const stream = uniqueStream();
        const events = [testEvent('A'), testEvent('B')];
        const first = await store.append(stream, events, { expectedRevision: 'no_stream' });
        const retry = await store.append(stream, events, { expectedRevision: 'no_stream' });
        expect(retry.nextExpectedRevision).toBe(first.nextExpectedRevision);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('appends a retried batch once when the retries race', async () => {
        const stream = uniqueStream();
        const events = [testEvent('A')];
        await Promise.allSettled([
          store.append(stream, events, { expectedRevision: 'any' }),
          store.append(stream, events, { expectedRevision: 'any' }),
          store.append(stream, events, { expectedRevision: 'any' }),
        ]);
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('refuses an event id already used in another stream', async () => {
        const event = testEvent();
        const other = uniqueStream();
        await store.append(uniqueStream(), [event], { expectedRevision: 'no_stream' });
        await expect(
          store.append(other, [event], { expectedRevision: 'any' }),
        ).rejects.toBeInstanceOf(EventIdConflictError);
        expect(await store.readStream(other)).toEqual([]);
      });
    });

    describe('global log', () => {
      it('reads the log in batches after a position, each stream in revision order', async () => {
        const a = uniqueStream('a');
        const b = uniqueStream('b');
        await store.append(a, [testEvent('A0'), testEvent('A1')], {
          expectedRevision: 'no_stream',
        });
        await store.append(b, [testEvent('B0')], { expectedRevision: 'no_stream' });
        const last = testEvent('A2');
        await store.append(a, [last], { expectedRevision: 1n });
        // The log may lag behind transactions still open elsewhere on the server: wait, don't race it.
        await waitUntilLogHas(store, last.metadata.eventId);

        const mine: RecordedEvent[] = [];
        let after = START_OF_LOG;
        for (;;) {
          const batch = await store.readAll({ after, maxCount: 2 });
          if (batch.length === 0) break;
          expect(batch.length).toBeLessThanOrEqual(2);
          for (const event of batch) {
            expect(compareLogPositions(event.position, after)).toBe(1);
            after = event.position;
          }
          mine.push(...batch.filter((e) => e.streamId === a || e.streamId === b));
        }
        expect(mine.map((e) => e.type)).toEqual(['A0', 'A1', 'B0', 'A2']);
      });

      it('reads only the event types asked for, in log order', async () => {
        const stream = uniqueStream('typed');
        const kept = [testEvent('Kept'), testEvent('Kept')];
        await store.append(
          stream,
          [kept[0] as NewEvent, testEvent('Skipped'), kept[1] as NewEvent],
          {
            expectedRevision: 'no_stream',
          },
        );
        await waitUntilLogHas(store, (kept[1] as NewEvent).metadata.eventId);

        const seen: RecordedEvent[] = [];
        let after = START_OF_LOG;
        for (;;) {
          const batch = await store.readAll({ after, maxCount: 1, eventTypes: ['Kept'] });
          const last = batch.at(-1);
          if (!last) break;
          expect(batch.every((e) => e.type === 'Kept')).toBe(true);
          seen.push(...batch);
          after = last.position;
        }
        expect(seen.filter((e) => e.streamId === stream).map((e) => e.metadata.eventId)).toEqual(
          kept.map((e) => e.metadata.eventId),
        );
      });

      it('reads only the metadata keys asked for, and no hash, with the same events otherwise', async () => {
        const stream = uniqueStream('lean');
        const events = [testEvent('Lean', { i: 0 }), testEvent('Lean', { i: 1 })];
        await store.append(stream, events, { expectedRevision: 'no_stream' });
        await waitUntilLogHas(store, (events[1] as NewEvent).metadata.eventId);

        const read = async (metadataKeys?: readonly string[]) => {
          const found: RecordedEvent[] = [];
          let after = START_OF_LOG;
          for (;;) {
            const batch = await store.readAll({ after, maxCount: 500, metadataKeys });
            const last = batch.at(-1);
            if (!last) return found;
            found.push(...batch.filter((e) => e.streamId === stream));
            after = last.position;
          }
        };
        const full = await read();
        const lean = await read(['occurredAt', 'actor', 'noSuchKey']);
        expect(lean).toEqual(
          full.map(({ metadata, ...event }) => ({
            ...event,
            metadata: { occurredAt: metadata.occurredAt, actor: metadata.actor },
            hash: '',
          })),
        );
        await expect(
          store.readAll({ after: START_OF_LOG, maxCount: 1, metadataKeys: ["x' or 1=1"] }),
        ).rejects.toThrow('Not a metadata key');
      });

      it('hands a batch over event by event as readAll returns it, and rejects with a throw of the handler', async () => {
        const stream = uniqueStream('each');
        const events = [testEvent('Each', { i: 0 }), testEvent('Each', { i: 1 })];
        await store.append(stream, events, { expectedRevision: 'no_stream' });
        await waitUntilLogHas(store, (events[1] as NewEvent).metadata.eventId);

        const options = { after: START_OF_LOG, maxCount: 100_000, metadataKeys: ['actor'] };
        const handed: RecordedEvent[] = [];
        const read = await readEach(store, options, (event) => handed.push(event));
        const gathered = await store.readAll(options);
        expect(handed).toEqual(gathered);
        expect(read).toEqual({ events: gathered.length, last: gathered.at(-1)?.position });
        expect(handed.filter((e) => e.streamId === stream).map((e) => e.data)).toEqual([
          { i: 0 },
          { i: 1 },
        ]);

        // More throws than the pool has connections: each read gives its connection back.
        for (let i = 0; i < 25; i += 1) {
          let seen = 0;
          await expect(
            readEach(store, options, () => {
              seen += 1;
              if (seen === 2) throw new Error('handler failed');
            }),
          ).rejects.toThrow('handler failed');
          expect(seen).toBe(2);
        }
        expect(await store.readAll({ ...options, maxCount: 1 })).toHaveLength(1);
      });

      it('chains each event hash to the previous one in its stream', async () => {
        const stream = uniqueStream();
        await store.append(stream, [testEvent(), testEvent()], { expectedRevision: 'no_stream' });
        const [first, second] = await store.readStream(stream);
        expect(first?.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(second?.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(second?.hash).not.toBe(first?.hash);
      });
    });

    describe('subscription', () => {
      it('catches up with past events, then follows live ones', async () => {
        const stream = uniqueStream();
        await store.append(stream, [testEvent('past')], { expectedRevision: 'no_stream' });
        const following = follow(store, new Set([stream]), (seen) => seen.length >= 3, 20_000);
        await new Promise((r) => setTimeout(r, 200));
        await store.append(stream, [testEvent('live-1')], { expectedRevision: 0n });
        await store.append(stream, [testEvent('live-2')], { expectedRevision: 1n });
        const seen = await following;
        expect(seen.map((e) => e.type)).toEqual(['past', 'live-1', 'live-2']);
      });

      it('retries a batch whose handler failed, without skipping it', async () => {
        const stream = uniqueStream();
        await store.append(stream, [testEvent('x')], { expectedRevision: 'no_stream' });
        let failures = 0;
        const seen: string[] = [];
        await new Promise<void>((resolve) => {
          const subscription = store.subscribe({
            after: START_OF_LOG,
            onEvents: async (events) => {
              const mine = events.filter((e) => e.streamId === stream);
              if (mine.length > 0 && failures === 0) {
                failures += 1;
                throw new Error('handler failed once');
              }
              seen.push(...mine.map((e) => e.type));
              if (seen.length > 0) void subscription.stop().then(resolve);
            },
          });
        });
        expect(failures).toBe(1);
        expect(seen).toEqual(['x']);
      });

      // `npm run test:concurrency` sets CONCURRENCY_RUNS=20 to run it many times in a row.
      const runs = Number(process.env.CONCURRENCY_RUNS ?? 1);
      const concurrencyRuns = Array.from({ length: runs }, (_, i) => `${i + 1}/${runs}`);
      it.each(concurrencyRuns)(
        '8 concurrent writers, 4,000 events: a follower sees each exactly once, streams in order (run %s)',
        async () => {
          const writers = 8;
          const total = 4_000;
          const streams = Array.from({ length: 40 }, () => uniqueStream('load'));
          const streamSet = new Set(streams);
          const following = follow(store, streamSet, (seen) => seen.length >= total, 240_000);

          const expectedIds = new Set<string>();
          await Promise.all(
            Array.from({ length: writers }, async (_, writer) => {
              for (let i = 0; i < total / writers; i += 1) {
                const stream = streams[Math.floor(Math.random() * streams.length)] as string;
                const event = testEvent('Load', { writer, i });
                expectedIds.add(event.metadata.eventId);
                await store.append(stream, [event], { expectedRevision: 'any' });
              }
            }),
          );

          const seen = await following;
          const ids = seen.map((e) => e.metadata.eventId);
          expect(ids).toHaveLength(total);
          expect(new Set(ids).size).toBe(total);
          expect(ids.every((id) => expectedIds.has(id))).toBe(true);
          const lastRevision = new Map<string, bigint>();
          for (const event of seen) {
            const previous = lastRevision.get(event.streamId) ?? -1n;
            expect(event.streamRevision).toBe(previous + 1n);
            lastRevision.set(event.streamId, event.streamRevision);
          }
        },
        300_000,
      );
    });
  });
}
