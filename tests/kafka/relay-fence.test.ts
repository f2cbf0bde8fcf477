import { randomUUID } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type EventStore, type LogPosition, START_OF_LOG } from '@contracts/event-store';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { createKafka } from '@infra/kafka/kafka-client';
import { readRelayCheckpoint, startRelay } from '@infra/kafka/relay';
import { claimantNumbered, claimLife } from '@infra/kafka/testing/claim-life';
import { isLeaseLost } from '@projections/runner/lease';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { appendLives, expectedSequences } from './support/relay-expectations';
import { readTopic, TopicReadTimeout } from './support/topic-reader';

const TTL_MS = 600;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await pause(20);
  }
}

/** The integration event ids the relay maps the stored events to, each once. */
async function expectedIds(store: EventStore): Promise<string[]> {
  const stored = await store.readAll({ after: START_OF_LOG, maxCount: 10_000 });
  return [...expectedSequences(stored).values()].flat();
}

/** Every committed message's event id, read until the topic stays quiet for `quietMs`. */
async function idsOnTopic(kafka: Kafka, topic: string, quietMs: number): Promise<string[]> {
  const messages = await readTopic(kafka, topic, () => false, quietMs).catch((error: unknown) => {
    if (error instanceof TopicReadTimeout) return error.messages;
    throw error;
  });
  return messages.map((message) => message.event.eventId);
}

/**
 * A relay's view of time as a paused VM has it: while frozen, no renewal and a monotonic clock
 * that stands still; thawed, both move on.
 */
function freezableElection() {
  let frozenAt: number | undefined;
  let resume: () => void = () => {};
  return {
    election: {
      monotonicNow: () => frozenAt ?? performance.now(),
      beforeRenewal: () =>
        frozenAt === undefined
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              resume = resolve;
            }),
    },
    freeze: () => {
      frozenAt = performance.now();
    },
    thaw: () => {
      frozenAt = undefined;
      resume();
    },
  };
}

describe('a relay that lost its lease without knowing it (real broker)', () => {
  let database: TestDatabase;
  let store: EventStore;
  let kafka: Kafka;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore(database.pool, { pollIntervalMs: 50 });
    kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'relay-fence-test' });
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });
  const relayOn = (topic: string, name: string) => ({
    pool: database.pool,
    eventStore: store,
    kafka,
    topic,
    name,
    partitions: 2,
    leaseTtlMs: TTL_MS,
  });

  it('records nothing once another relay took the lease: its transaction finds a newer token', async () => {
    const topic = `relay-fence-${randomUUID()}`;
    const name = `relay-${randomUUID()}`;
    const clock = freezableElection();
    const errors: unknown[] = [];
    const recorded: LogPosition[] = [];
    const stale = startRelay({
      ...relayOn(topic, name),
      election: clock.election,
      onError: (error) => errors.push(error),
      onPublished: (_events, position) => recorded.push(position),
    });
    await appendLives(store, [claimLife(900, claimantNumbered(900))]);
    await stale.caughtUp;
    expect(stale.status().role).toBe('leader');

    clock.freeze();
    const other = startRelay(relayOn(topic, name));
    await until(() => other.status().role === 'leader', TTL_MS * 4);
    await other.stop();

    // Only the stale relay runs now, sure of a lease whose token moved on.
    const checkpoint = await readRelayCheckpoint(database.pool, name);
    const recordedBefore = recorded.length;
    await appendLives(store, [claimLife(901, claimantNumbered(901))]);
    await until(() => errors.some(isLeaseLost), 10_000);
    expect(recorded).toHaveLength(recordedBefore);
    expect(await readRelayCheckpoint(database.pool, name)).toEqual(checkpoint);

    clock.thaw();
    await stale.stop();
  }, 60_000);

  it('publishes nothing when it wakes with a send in hand: the new leader fenced its producer epoch', async () => {
    const topic = `relay-zombie-${randomUUID()}`;
    const name = `relay-${randomUUID()}`;
    // Frozen right after its last lease check, its batch mapped and about to go to Kafka.
    const clock = freezableElection();
    let freezeAtNextSend = false;
    let frozeWithASend: () => void = () => {};
    const inHand = new Promise<void>((resolve) => {
      frozeWithASend = resolve;
    });
    let wake: () => void = () => {};
    const woken = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const errors: unknown[] = [];
    const zombie = startRelay({
      ...relayOn(topic, name),
      election: clock.election,
      beforeSend: async () => {
        if (!freezeAtNextSend) return;
        freezeAtNextSend = false;
        clock.freeze();
        frozeWithASend();
        await woken;
      },
      onError: (error) => errors.push(error),
    });
    await appendLives(store, [claimLife(910, claimantNumbered(910))]);
    await zombie.caughtUp;
    expect(zombie.status().role).toBe('leader');

    freezeAtNextSend = true;
    await appendLives(store, [claimLife(911, claimantNumbered(911))]);
    await inHand;
    const other = startRelay(relayOn(topic, name));
    await until(() => other.status().role === 'leader', TTL_MS * 4);
    const everything = await store.readAll({ after: START_OF_LOG, maxCount: 10_000 });
    const last = everything.at(-1)?.position;
    let checkpoint = await readRelayCheckpoint(database.pool, name);
    while (last && (checkpoint.commit < last.commit || checkpoint.prepare < last.prepare)) {
      await pause(50);
      checkpoint = await readRelayCheckpoint(database.pool, name);
    }

    // Woken: its clock moves on and its renewals resume, but the send in hand goes first.
    const errorsBefore = errors.length;
    clock.thaw();
    wake();
    await until(() => errors.length > errorsBefore, 10_000);
    console.log(`the woken relay: ${errors.slice(errorsBefore).map(String).join('; ')}`);
    await until(() => zombie.status().role === 'standby', 10_000);
    const expected = await expectedIds(store);
    const ids = await idsOnTopic(kafka, topic, 5_000);
    expect(ids.length - new Set(ids).size).toBe(0);
    expect([...ids].sort()).toEqual([...expected].sort());
    await other.stop();
    await zombie.stop();
  }, 60_000);
});
