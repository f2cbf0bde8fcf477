import { describe, expect, it } from 'vitest';
import type { NewEvent } from '@contracts/event-store';
import type { PendingAppend } from './append-batch';
import { createAppendQueue } from './append-queue';

function pending(streamId: string, events = 1): PendingAppend {
  return {
    streamId,
    events: Array.from({ length: events }, () => ({}) as NewEvent),
    expectedRevision: 'any',
    resolve: () => {},
    reject: () => {},
  };
}

/** A queue whose commits finish only when the test says so. */
function harness(maxInFlight: number, maxBatchEvents = 100) {
  const batches: string[][] = [];
  const finish: Array<() => void> = [];
  const enqueue = createAppendQueue(
    (batch) => {
      batches.push(batch.map((a) => a.streamId));
      return new Promise<void>((resolve) => finish.push(resolve));
    },
    { maxInFlight, maxBatchEvents },
  );
  const settle = async () => {
    finish.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, enqueue, settle };
}

describe('append queue (group commit)', () => {
  it('sends the first append at once and gathers the ones that wait into one batch', async () => {
    const { batches, enqueue, settle } = harness(1);
    for (const stream of ['a', 'b', 'c', 'd']) enqueue(pending(stream));
    expect(batches).toEqual([['a']]);
    await settle();
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('puts one append per stream in a batch, keeping the rest in order for the next', async () => {
    const { batches, enqueue, settle } = harness(1);
    for (const stream of ['x', 'a', 'b', 'a', 'c', 'a']) enqueue(pending(stream));
    await settle();
    await settle();
    await settle();
    expect(batches).toEqual([['x'], ['a', 'b', 'c'], ['a'], ['a']]);
  });

  it('caps the events in a batch, but never refuses a single large append', async () => {
    const { batches, enqueue, settle } = harness(1, 5);
    for (const [stream, size] of [
      ['x', 1],
      ['big', 9],
      ['a', 3],
      ['b', 3],
    ] as const)
      enqueue(pending(stream, size));
    await settle();
    await settle();
    expect(batches).toEqual([['x'], ['big'], ['a']]);
    await settle();
    expect(batches.at(-1)).toEqual(['b']);
  });

  it('shares the waiting appends between the batches allowed in flight', async () => {
    const { batches, enqueue, settle } = harness(2);
    for (const stream of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) enqueue(pending(stream));
    expect(batches).toEqual([['a'], ['b']]);
    await settle();
    // Five wait and one is in flight: this batch takes its half, the next the rest.
    expect(batches.at(-1)).toEqual(['c', 'd', 'e']);
    await settle();
    expect(batches.at(-1)).toEqual(['f', 'g']);
  });
});
