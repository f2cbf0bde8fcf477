import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, ReadStreamOptions, RecordedEvent } from '@contracts/event-store';
import { rewriteStream } from '@tests/support/audit/rewrite-stream';
import { type Harness, openHarness, staffContext } from '@tests/support/claims/handler-harness';
import type { TestDatabase } from '@tests/support/test-database';
import { toNewEvents } from '../shared/command-context';
import { createStreamCache } from './claim-stream-cache';

let harness: Harness;
let database: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  harness = await openHarness();
  database = harness.database;
  store = harness.ports.eventStore;
});
afterAll(() => harness.close());

const noted = (n: number) => toNewEvents([{ type: 'Noted', data: { n } }], staffContext(), {})[0]!;

/** Folds to the list of every `n`, and counts the events each read brought back. */
function countingReads() {
  const fetched: number[] = [];
  const counting: EventStore = {
    ...store,
    async readStream(streamId: string, options?: ReadStreamOptions) {
      const events = await store.readStream(streamId, options);
      fetched.push(events.length);
      return events;
    },
  };
  const cache = createStreamCache<number[]>((state, events: readonly RecordedEvent[]) => [
    ...(state ?? []),
    ...events.map((e) => (e.data as { n: number }).n),
  ]);
  const read = (eventStore: EventStore, stream: string, trustAppended = false) =>
    cache.read(eventStore, stream, { trustAppended });
  return { counting, fetched, read, cache };
}

describe('the stream cache', () => {
  it('reads a cached stream from its last event on and folds only what is new', async () => {
    const { counting, fetched, read } = countingReads();
    const stream = `cached-${uuidv7()}`;
    await store.append(stream, [noted(1), noted(2), noted(3)], { expectedRevision: 'no_stream' });
    expect((await read(counting, stream)).state).toEqual([1, 2, 3]);
    expect((await read(counting, stream)).state).toEqual([1, 2, 3]);
    await store.append(stream, [noted(4)], { expectedRevision: 2n });
    const after = await read(counting, stream);
    expect(after.state).toEqual([1, 2, 3, 4]);
    expect(after.recorded.map((e) => e.streamRevision)).toEqual([0n, 1n, 2n, 3n]);
    expect(after.recorded).toEqual(await store.readStream(stream));
    expect(fetched).toEqual([3, 1, 2]);
  });

  it('reads the stream whole when its last cached event is no longer what the store has', async () => {
    const { counting, fetched, read } = countingReads();
    const stream = `reset-${uuidv7()}`;
    await store.append(stream, [noted(1), noted(2)], { expectedRevision: 'no_stream' });
    expect((await read(counting, stream)).state).toEqual([1, 2]);
    await database.pool.query('alter table events disable trigger user');
    await database.pool.query('delete from events where stream_id = $1', [stream]);
    await database.pool.query('alter table events enable trigger user');
    await store.append(stream, [noted(7), noted(8), noted(9)], { expectedRevision: 'any' });
    expect((await read(counting, stream)).state).toEqual([7, 8, 9]);
    // The stream head survives the delete: the new events are revisions 2–4, all after 1.
    expect(fetched).toEqual([2, 3, 3]);
  });

  it('does not keep a stream that does not exist', async () => {
    const { counting, fetched, read } = countingReads();
    const stream = `none-${uuidv7()}`;
    expect((await read(counting, stream)).recorded).toEqual([]);
    await store.append(stream, [noted(5)], { expectedRevision: 'no_stream' });
    expect((await read(counting, stream)).state).toEqual([5]);
    expect(fetched).toEqual([0, 1]);
  });

  it("indexes each command's events as it reads them; an earlier read sees only its own", async () => {
    const { counting, read } = countingReads();
    const stream = `commands-${uuidv7()}`;
    const first = staffContext();
    const second = staffContext();
    const twoNotes = [1, 2].map((n) => ({ type: 'Noted', data: { n } }));
    await store.append(stream, toNewEvents(twoNotes, first, {}), { expectedRevision: 'no_stream' });
    const before = await read(counting, stream);
    expect(before.byCommand.get(first.commandId)).toEqual([0, 1]);
    await store.append(stream, toNewEvents([{ type: 'Noted', data: { n: 3 } }], second, {}), {
      expectedRevision: 1n,
    });
    const after = await read(counting, stream);
    expect(after.byCommand.get(first.commandId)).toEqual([0, 1]);
    expect(after.byCommand.get(second.commandId)).toEqual([2]);
    expect((await read(counting, stream)).byCommand.get(second.commandId)).toEqual([2]);
    // The earlier read shares the index but holds two events: position 2 is not its own.
    expect(before.recorded[before.byCommand.get(second.commandId)?.[0] ?? 0]).toBeUndefined();
  });

  /** Appends `n` after `before` as a command of this process would, telling the cache. */
  async function appendHere(
    { cache, counting }: ReturnType<typeof countingReads>,
    stream: string,
    before: readonly RecordedEvent[],
    n: number,
  ) {
    const event = noted(n);
    const result = await store.append(stream, [event], {
      expectedRevision: BigInt(before.length - 1),
    });
    cache.appended(counting, stream, before, {
      ...event,
      streamId: stream,
      streamRevision: result.nextExpectedRevision,
      position: result.position,
      hash: '',
    });
  }

  it('answers a stream whose last event this process appended without a read when trusted, and reads its tail from that event otherwise', async () => {
    const reads = countingReads();
    const { counting, fetched, read } = reads;
    const stream = `appended-${uuidv7()}`;
    await store.append(stream, [noted(1), noted(2)], { expectedRevision: 'no_stream' });
    const before = await read(counting, stream);
    await appendHere(reads, stream, before.recorded, 3);
    const trusted = await read(counting, stream, true);
    expect(trusted.state).toEqual([1, 2, 3]);
    expect(trusted.appendedHere).toBe(true);
    expect(fetched).toEqual([2]);
    const checked = await read(counting, stream);
    expect(checked.appendedHere).toBe(false);
    expect(checked.state).toEqual([1, 2, 3]);
    // The event as stored (with its hash) replaces the one kept as appended.
    expect(checked.recorded).toEqual(await store.readStream(stream));
    expect(fetched).toEqual([2, 1]);
  });

  it('reads again after an append was refused, and keeps nothing appended onto a stream read since', async () => {
    const reads = countingReads();
    const { counting, fetched, read, cache } = reads;
    const stream = `refused-${uuidv7()}`;
    await store.append(stream, [noted(1)], { expectedRevision: 'no_stream' });
    const before = await read(counting, stream);
    await appendHere(reads, stream, before.recorded, 2);
    cache.readNext(counting, stream);
    expect((await read(counting, stream, true)).appendedHere).toBe(false);
    expect(fetched).toEqual([1, 1]);
    // `before` is no longer the cached stream: an append told about it is not kept.
    await store.append(stream, [noted(3)], { expectedRevision: 1n });
    cache.appended(counting, stream, before.recorded, {
      ...noted(9),
      streamId: stream,
      streamRevision: 1n,
      position: { commit: 0n, prepare: 0n },
      hash: '',
    });
    expect((await read(counting, stream, true)).state).toEqual([1, 2, 3]);
    expect(fetched).toEqual([1, 1, 2]);
  });

  it('reads a cached stream whose events are all gone as empty', async () => {
    const { counting, fetched, read } = countingReads();
    const stream = `emptied-${uuidv7()}`;
    await store.append(stream, [noted(1), noted(2)], { expectedRevision: 'no_stream' });
    expect((await read(counting, stream)).state).toEqual([1, 2]);
    await database.pool.query('alter table events disable trigger user');
    await database.pool.query('delete from events where stream_id = $1', [stream]);
    await database.pool.query('alter table events enable trigger user');
    const emptied = await read(counting, stream);
    expect(emptied.recorded).toEqual([]);
    expect(emptied.state).toEqual([]);
    // The tail from the last cached event is empty: the stream is read whole.
    expect(fetched).toEqual([2, 0, 0]);
  });
  it('reads the stream whole when its last cached event was rewritten where it stands', async () => {
    const { counting, read } = countingReads();
    const stream = `rewritten-${uuidv7()}`;
    await store.append(stream, [noted(1), noted(2)], { expectedRevision: 'no_stream' });
    expect((await read(counting, stream)).state).toEqual([1, 2]);
    // The same revision and log position, another hash.
    await database.pool.query('alter table events disable trigger user');
    await rewriteStream(database.pool, stream, 1, () => ({ n: 9 }));
    await database.pool.query('alter table events enable trigger user');
    expect((await read(counting, stream)).state).toEqual([1, 9]);
  });
  it('indexes the events of a command once when two reads of a cached stream overlap', async () => {
    const { counting, read } = countingReads();
    const stream = `overlap-${uuidv7()}`;
    const later = staffContext();
    await store.append(stream, [noted(1)], { expectedRevision: 'no_stream' });
    await read(counting, stream);
    const twoNotes = [2, 3].map((n) => ({ type: 'Noted', data: { n } }));
    await store.append(stream, toNewEvents(twoNotes, later, {}), { expectedRevision: 0n });
    const both = await Promise.all([read(counting, stream), read(counting, stream)]);
    for (const each of both) {
      expect(each.state).toEqual([1, 2, 3]);
      expect(each.byCommand.get(later.commandId)).toEqual([1, 2]);
    }
  });
  it('keeps the index of the commands before an event this process appended', async () => {
    const reads = countingReads();
    const stream = `index-kept-${uuidv7()}`;
    const first = staffContext();
    const twoNotes = [1, 2].map((n) => ({ type: 'Noted', data: { n } }));
    await store.append(stream, toNewEvents(twoNotes, first, {}), { expectedRevision: 'no_stream' });
    const before = await reads.read(reads.counting, stream);
    await appendHere(reads, stream, before.recorded, 3);
    const trusted = await reads.read(reads.counting, stream, true);
    expect(trusted.appendedHere).toBe(true);
    expect(trusted.byCommand.get(first.commandId)).toEqual([0, 1]);
  });
});
