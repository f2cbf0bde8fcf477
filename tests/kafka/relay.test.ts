import { randomUUID } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventStore, RecordedEvent } from '@contracts/event-store';
import type { IntegrationEvent } from '@contracts/integration/claim-integration-events';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { createKafka } from '@infra/kafka/kafka-client';
import { mapClaimEvent, type RelayClaimState } from '@infra/kafka/map-claim-event';
import { readRelayCheckpoint, startRelay } from '@infra/kafka/relay';
import { type ClaimLife, claimantNumbered, claimLife } from '@infra/kafka/testing/claim-life';
import { integrationSchemaValidator } from '@tests/support/integration-schemas';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { readTopic, sequencesByClaim } from './support/topic-reader';

/** What the relay must publish for these lives: each claim's integration event ids, in order. */
function expectedSequences(stored: readonly RecordedEvent[]): Map<string, string[]> {
  const states = new Map<string, RelayClaimState | undefined>();
  const out = new Map<string, string[]>();
  for (const event of stored) {
    const claimId = (event.data as { submissionId: string }).submissionId;
    const { integrationEvents, state } = mapClaimEvent(event, states.get(claimId));
    states.set(claimId, state);
    for (const published of integrationEvents) {
      out.set(claimId, [...(out.get(claimId) ?? []), published.eventId]);
    }
  }
  return out;
}

async function appendLives(store: EventStore, lives: readonly ClaimLife[]): Promise<void> {
  // Step by step across claims, so the log interleaves claims as real traffic does.
  const steps = Math.max(...lives.map((life) => life.steps.length));
  for (let step = 0; step < steps; step++) {
    for (const life of lives) {
      const events = life.steps[step];
      if (!events) continue;
      await store.append(life.streamId, events, {
        expectedRevision: step === 0 ? 'no_stream' : 'any',
      });
    }
  }
}

const count = (sequences: Map<string, string[]>) =>
  [...sequences.values()].reduce((sum, ids) => sum + ids.length, 0);

describe('Kafka relay (real broker)', () => {
  let database: TestDatabase;
  let store: EventStore;
  let kafka: Kafka;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore(database.pool, { pollIntervalMs: 50 });
    kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'relay-test' });
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('publishes every claim’s events once, in order, keyed by claim id, each valid against its schema', async () => {
    const topic = `relay-${randomUUID()}`;
    const lives = Array.from({ length: 30 }, (_, i) => claimLife(i, claimantNumbered(i)));
    await appendLives(store, lives);
    const relay = startRelay({
      pool: database.pool,
      eventStore: store,
      kafka,
      topic,
      partitions: 3,
    });
    try {
      await relay.caughtUp;
      const stored = await store.readAll({ after: { commit: 0n, prepare: 0n }, maxCount: 10_000 });
      const expected = expectedSequences(stored);
      const messages = await readTopic(kafka, topic, (m) => m.length >= count(expected));
      expect(messages).toHaveLength(count(expected));
      expect(sequencesByClaim(messages)).toEqual(expected);

      const validate = integrationSchemaValidator();
      for (const message of messages) {
        expect(validate(message.raw)).toEqual([]);
        expect(message.key).toBe(message.event.claimId);
        expect(message.headers).toMatchObject({
          'event-id': message.event.eventId,
          'event-type': message.event.type,
          'event-version': '1',
        });
      }
      // One claim, one partition.
      const partitions = new Map<string, Set<number>>();
      for (const m of messages)
        partitions.set(m.key, (partitions.get(m.key) ?? new Set()).add(m.partition));
      expect([...partitions.values()].every((set) => set.size === 1)).toBe(true);
      expect(new Set(messages.map((m) => m.partition)).size).toBeGreaterThan(1);
    } finally {
      await relay.stop();
    }
  });

  it('resumes from its checkpoint after a restart: nothing skipped, nothing published twice', async () => {
    const topic = `relay-${randomUUID()}`;
    const name = `relay-${randomUUID()}`;
    const before = await readRelayCheckpoint(database.pool, name);
    const published: IntegrationEvent[] = [];
    const options = {
      pool: database.pool,
      eventStore: store,
      kafka,
      topic,
      name,
      partitions: 2,
      onPublished: (events: readonly IntegrationEvent[]) => published.push(...events),
    };
    const first = startRelay(options);
    await first.caughtUp;
    await first.stop();
    const afterFirst = published.length;
    expect(afterFirst).toBeGreaterThan(0);
    expect(await readRelayCheckpoint(database.pool, name)).not.toEqual(before);

    const more = Array.from({ length: 10 }, (_, i) =>
      claimLife(100 + i, claimantNumbered(100 + i)),
    );
    await appendLives(store, more);
    const second = startRelay(options);
    try {
      await second.caughtUp;
      const stored = await store.readAll({ after: { commit: 0n, prepare: 0n }, maxCount: 10_000 });
      const expected = expectedSequences(stored);
      const messages = await readTopic(kafka, topic, (m) => m.length >= count(expected));
      expect(sequencesByClaim(messages)).toEqual(expected);
      expect(published.length).toBe(count(expected));
      expect(published.length).toBeGreaterThan(afterFirst);
    } finally {
      await second.stop();
    }
  });

  it('two relays on one database publish each event once', async () => {
    const topic = `relay-${randomUUID()}`;
    const name = `relay-${randomUUID()}`;
    const lives = Array.from({ length: 20 }, (_, i) =>
      claimLife(200 + i, claimantNumbered(200 + i)),
    );
    const relays = [1, 2].map(() =>
      startRelay({
        pool: database.pool,
        eventStore: store,
        kafka,
        topic,
        name,
        partitions: 2,
        batchSize: 7,
      }),
    );
    try {
      await appendLives(store, lives);
      await Promise.all(relays.map((r) => r.caughtUp));
      const stored = await store.readAll({ after: { commit: 0n, prepare: 0n }, maxCount: 10_000 });
      const expected = expectedSequences(stored);
      await new Promise((r) => setTimeout(r, 1_000));
      const messages = await readTopic(kafka, topic, (m) => m.length >= count(expected));
      expect(sequencesByClaim(messages)).toEqual(expected);
    } finally {
      await Promise.all(relays.map((r) => r.stop()));
    }
  });
});
