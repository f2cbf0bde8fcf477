import { randomUUID } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventStore } from '@contracts/event-store';
import type { IntegrationEvent } from '@contracts/integration/claim-integration-events';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { createKafka } from '@infra/kafka/kafka-client';
import { mapClaimEvent } from '@infra/kafka/map-claim-event';
import { readRelayCheckpoint, startRelay } from '@infra/kafka/relay';
import { listParked, requestParkedRetry, WAITING_BEHIND } from '@infra/kafka/relay-parking';
import { ensureTopic } from '@infra/kafka/relay-topic';
import { type ClaimLife, claimantNumbered, claimLife } from '@infra/kafka/testing/claim-life';
import { integrationSchemaValidator } from '@tests/support/integration-schemas';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { appendLives, eventCount, expectedSequences } from './support/relay-expectations';
import { readTopic, sequencesByClaim } from './support/topic-reader';

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
      const messages = await readTopic(kafka, topic, (m) => m.length >= eventCount(expected));
      expect(messages).toHaveLength(eventCount(expected));
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
      const messages = await readTopic(kafka, topic, (m) => m.length >= eventCount(expected));
      expect(sequencesByClaim(messages)).toEqual(expected);
      expect(published.length).toBe(eventCount(expected));
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
      const messages = await readTopic(kafka, topic, (m) => m.length >= eventCount(expected));
      expect(sequencesByClaim(messages)).toEqual(expected);
    } finally {
      await Promise.all(relays.map((r) => r.stop()));
    }
  });

  it('parks an event it cannot map: its claim’s later events wait behind it, other claims flow, a retry after the fix publishes them in order', async () => {
    const topic = `relay-${randomUUID()}`;
    const name = `relay-${randomUUID()}`;
    const lives = Array.from({ length: 4 }, (_, i) =>
      claimLife(300 + i, claimantNumbered(300 + i)),
    );
    const poisoned = lives[1] as ClaimLife;
    const poisonId = poisoned.steps[1]?.[0]?.metadata.eventId;
    const behind = poisoned.steps.slice(1).flat().length;
    // Until the "fix is deployed", the relay cannot map the poisoned claim's second step.
    let fixed = false;
    const relay = startRelay({
      pool: database.pool,
      eventStore: store,
      kafka,
      topic,
      name,
      partitions: 2,
      heartbeatMs: 200,
      map: (event, before) => {
        if (!fixed && event.metadata.eventId === poisonId) throw new Error('unknown shape');
        return mapClaimEvent(event, before);
      },
    });
    try {
      await appendLives(store, lives);
      await relay.caughtUp;
      const stored = (
        await store.readAll({ after: { commit: 0n, prepare: 0n }, maxCount: 100_000 })
      ).filter((e) => lives.some((l) => l.streamId === e.streamId));
      const expected = expectedSequences(stored);
      const poisonedIds = expected.get(poisoned.submissionId) ?? [];
      // The relay publishes the whole log (earlier tests' claims too): wait for these ids.
      const holds = (ids: readonly string[]) => (m: readonly { event: { eventId: string } }[]) => {
        const seen = new Set(m.map((x) => x.event.eventId));
        return ids.every((id) => seen.has(id));
      };
      const others = [...expected]
        .filter(([claim]) => claim !== poisoned.submissionId)
        .flatMap(([, ids]) => ids);

      // Every other claim whole; of the poisoned one only what came before the poison.
      await expect
        .poll(async () => (await listParked(database.pool, name)).length, { timeout: 15_000 })
        .toBe(behind);
      const parked = await listParked(database.pool, name);
      expect(parked.map((p) => p.claimId)).toEqual(parked.map(() => poisoned.submissionId));
      expect(parked[0]).toMatchObject({ eventId: poisonId, error: 'unknown shape' });
      expect(parked.slice(1).every((p) => p.error === WAITING_BEHIND)).toBe(true);
      const before = await readTopic(kafka, topic, holds([...others, ...poisonedIds.slice(0, 1)]));
      const seen = sequencesByClaim(before);
      for (const [claim, ids] of expected) {
        if (claim !== poisoned.submissionId) expect(seen.get(claim)).toEqual(ids);
      }
      expect(seen.get(poisoned.submissionId)).toEqual(poisonedIds.slice(0, 1));

      // A retry before the fix keeps it parked with the error counted again.
      await requestParkedRetry(database.pool, poisoned.submissionId);
      await expect
        .poll(async () => (await listParked(database.pool, name))[0]?.attempts, {
          timeout: 10_000,
        })
        .toBe(2);
      expect((await listParked(database.pool, name)).every((p) => !p.retryRequested)).toBe(true);

      fixed = true;
      expect(await requestParkedRetry(database.pool)).toBe(behind);
      await expect
        .poll(async () => (await listParked(database.pool, name)).length, { timeout: 10_000 })
        .toBe(0);
      const after = sequencesByClaim(
        await readTopic(kafka, topic, holds([...expected.values()].flat())),
      );
      for (const [claim, ids] of expected) expect(after.get(claim)).toEqual(ids);
    } finally {
      await relay.stop();
    }
  });

  it('reports the topic’s replication: created with the settings, a found topic that differs is named', async () => {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const topic = `relay-${randomUUID()}`;
      const created = await ensureTopic(admin, topic, { partitions: 2 });
      expect(created).toMatchObject({
        created: true,
        brokers: 1,
        actual: { partitions: 2, replicationFactor: 1, minInsyncReplicas: 1 },
        differences: [],
      });
      expect(created.warnings.join()).toMatch(/replication factor 1 on a cluster of 1 broker/);
      const found = await ensureTopic(admin, topic, { partitions: 3, minInsyncReplicas: 1 });
      expect(found).toMatchObject({
        created: false,
        actual: { partitions: 2, replicationFactor: 1, minInsyncReplicas: 1 },
      });
      expect(found.differences).toEqual(['partitions is 2, the settings ask for 3']);
    } finally {
      await admin.disconnect();
    }
  });

  it('a relay stopped while its topic waits for brokers that never come stops at once, creating nothing', async () => {
    const topic = `relay-${randomUUID()}`;
    const errors: unknown[] = [];
    // The one test broker, told to expect three: the topic would wait 30 s for the other two.
    const relay = startRelay({
      pool: database.pool,
      eventStore: store,
      kafka,
      topic,
      partitions: 1,
      expectedBrokers: 3,
      onError: (error) => errors.push(error),
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const started = Date.now();
    await relay.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(relay.status().topic).toBeUndefined();
    expect(errors).toEqual([]);
    const admin = kafka.admin();
    await admin.connect();
    try {
      expect(await admin.listTopics()).not.toContain(topic);
    } finally {
      await admin.disconnect();
    }
  });
});
