import { describe, expect, it } from 'vitest';
import {
  assertMetadataKey,
  compareLogPositions,
  type EventStore,
  leanRecordedEvent,
  type RecordedEvent,
  readEach,
  START_OF_LOG,
  WrongExpectedRevisionError,
  EventIdConflictError,
} from './event-store';

const at = (commit: bigint, prepare: bigint) => ({ commit, prepare });

const event = (n: number): RecordedEvent => ({
  type: 'ClaimSubmitted',
  data: { n },
  metadata: {
    eventId: `e-${n}`,
    occurredAt: '2026-01-01T00:00:00.000Z',
    actor: { kind: 'customer', id: 'alice' },
    correlationId: 'c',
    causationId: 'c',
    tenant: 'base',
    schemaVersion: 2,
  },
  streamId: 'claim-1',
  streamRevision: BigInt(n),
  position: at(BigInt(n), BigInt(n)),
  hash: 'h',
});

describe('log positions', () => {
  it('start at 0/0, frozen', () => {
    expect(START_OF_LOG).toEqual({ commit: 0n, prepare: 0n });
    expect(Object.isFrozen(START_OF_LOG)).toBe(true);
  });

  it('order by commit, then by prepare', () => {
    expect(compareLogPositions(at(1n, 9n), at(2n, 0n))).toBe(-1);
    expect(compareLogPositions(at(2n, 0n), at(1n, 9n))).toBe(1);
    expect(compareLogPositions(at(3n, 1n), at(3n, 2n))).toBe(-1);
    expect(compareLogPositions(at(3n, 2n), at(3n, 1n))).toBe(1);
    expect(compareLogPositions(at(3n, 2n), at(3n, 2n))).toBe(0);
  });
});

describe('metadata keys', () => {
  it('are identifiers of up to 63 characters that start with a letter', () => {
    expect(assertMetadataKey('occurredAt')).toBe('occurredAt');
    expect(assertMetadataKey(`a${'_'.repeat(62)}`)).toHaveLength(63);
    for (const key of [
      '',
      '1actor',
      'actor-id',
      "actor'",
      `a${'b'.repeat(63)}`,
      ' actor',
      'actor\n',
    ]) {
      expect(() => assertMetadataKey(key), key).toThrow(`Not a metadata key: ${key}`);
    }
  });

  it('a lean event keeps only the keys asked for that have a value, and no hash', () => {
    const full = event(1);
    const withNull = {
      ...full,
      metadata: { ...full.metadata, traceparent: null },
    } as unknown as RecordedEvent;
    const lean = leanRecordedEvent(withNull, ['actor', 'schemaVersion', 'traceparent', 'missing']);
    expect(lean.metadata).toEqual({ actor: full.metadata.actor, schemaVersion: 2 });
    expect(Object.keys(lean.metadata)).toEqual(['actor', 'schemaVersion']);
    expect(lean.hash).toBe('');
    expect(lean.data).toBe(full.data);
    expect(lean.streamRevision).toBe(1n);
  });
});

describe('reading the log event by event', () => {
  const options = { after: at(0n, 0n), maxCount: 10 };

  it('hands each event over and tells how many and the last position, from a store that only reads in batches', async () => {
    const store = { readAll: async () => [event(1), event(2), event(3)] } as unknown as EventStore;
    const seen: number[] = [];
    const read = await readEach(store, options, (e) => seen.push(Number(e.streamRevision)));
    expect(seen).toEqual([1, 2, 3]);
    expect(read).toEqual({ events: 3, last: at(3n, 3n) });
    const none = { readAll: async () => [] } as unknown as EventStore;
    expect(await readEach(none, options, () => {})).toEqual({ events: 0, last: undefined });
  });

  it('lets a store that reads event by event do so', async () => {
    const store = {
      readAll: async () => {
        throw new Error('not this way');
      },
      readAllEach: async (_: unknown, onEvent: (e: RecordedEvent) => void) => {
        onEvent(event(5));
        return { events: 1, last: at(5n, 5n) };
      },
    } as unknown as EventStore;
    const seen: RecordedEvent[] = [];
    expect(await readEach(store, options, (e) => seen.push(e))).toEqual({
      events: 1,
      last: at(5n, 5n),
    });
    expect(seen).toHaveLength(1);
  });
});

describe('event store errors', () => {
  it('name the stream, the revisions or the ids in their message', () => {
    const conflict = new WrongExpectedRevisionError('claim-1', 'no_stream', 3n);
    expect(conflict.message).toBe('Stream claim-1: expected revision no_stream, actual 3');
    expect(conflict).toMatchObject({
      code: 'WRONG_EXPECTED_REVISION',
      name: 'WrongExpectedRevisionError',
    });
    const reused = new EventIdConflictError('claim-2', ['a', 'b']);
    expect(reused.message).toBe('Stream claim-2: event ids already used elsewhere: a, b');
    expect(reused).toMatchObject({ code: 'EVENT_ID_CONFLICT', name: 'EventIdConflictError' });
  });

  it('are recognised as what they are, and not as each other', () => {
    const conflict = new WrongExpectedRevisionError('claim-1', 1n, 2n);
    expect(conflict instanceof WrongExpectedRevisionError).toBe(true);
    expect(conflict instanceof EventIdConflictError).toBe(false);
    expect(new EventIdConflictError('claim-1', []) instanceof EventIdConflictError).toBe(true);
  });

  it('are told apart from look-alikes: an object with another code or none', () => {
    expect({ code: 'WRONG_EXPECTED_REVISION' }).not.toBeInstanceOf(WrongExpectedRevisionError);
    expect(undefined).not.toBeInstanceOf(EventIdConflictError);
    expect('EVENT_ID_CONFLICT').not.toBeInstanceOf(EventIdConflictError);
  });
});
