import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kafka } from 'kafkajs';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@contracts/event-store';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { type KafkaCluster, startKafkaCluster } from '@infra/kafka/broker/broker';
import { createKafka } from '@infra/kafka/kafka-client';
import { startRelay } from '@infra/kafka/relay';
import { configuredBrokerCount } from '@infra/kafka/relay-topic';
import { claimantNumbered, claimLife } from '@infra/kafka/testing/claim-life';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { readTopic } from './support/topic-reader';

/**
 * Decision 150: the soak saw one event id twice on the topic, sent 0.1 s apart, with no fault
 * injected. A batch whose keys span partitions led by different brokers made kafkajs send to
 * each broker in parallel, each after its own AddPartitionsToTxn; one broker's was answered
 * CONCURRENT_TRANSACTIONS (the previous commit's markers were still being written) while
 * another's records were on their way. kafkajs retried the whole send at once, the broker whose
 * answer had not come yet included, with the next sequence numbers: its records were appended
 * twice in the same transaction, and committed.
 *
 * Here: small batches of claims on different partitions, each batch right after the previous
 * commit, on a 3-broker cluster; every event id must be on the topic once.
 */
const CLAIMS = Number(process.env.KAFKA_CONCURRENT_TXN_CLAIMS ?? 900);
const TOPIC = 'claims.claim-events';

const log = (line: string) => process.stdout.write(`[relay-concurrent-txn] ${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the relay on a 3-broker cluster, batches spanning brokers back to back', () => {
  let dir: string;
  let cluster: KafkaCluster;
  let database: TestDatabase;
  let store: EventStore;
  let kafka: Kafka;
  let retriedSends = 0;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'claims-kafka-concurrent-txn-'));
    [cluster, database] = await Promise.all([
      startKafkaCluster({ dir, nodes: 3, heapMb: 384, log }),
      createTestDatabase(),
    ]);
    store = createPostgresEventStore(database.pool, { pollIntervalMs: 10 });
    // kafkajs's own error lines: each send it retried after CONCURRENT_TRANSACTIONS.
    const kafkaLog = {
      warn: () => {},
      error: (_: unknown, message: string) => {
        if (message.includes('Failed to send') && message.includes('concurrent operation'))
          retriedSends += 1;
      },
    } as unknown as Pick<Logger, 'warn' | 'error'>;
    kafka = createKafka({
      brokers: cluster.brokers,
      clientId: 'relay-concurrent-txn-test',
      log: kafkaLog,
    });
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
    await cluster?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(`${CLAIMS} claims, three at a time: each event id on the topic once`, async () => {
    const lives = Array.from({ length: CLAIMS }, (_, i) => claimLife(i, claimantNumbered(i)));
    const acknowledged = new Set<string>();
    const relay = startRelay({
      pool: database.pool,
      eventStore: store,
      kafka,
      topic: TOPIC,
      partitions: 6,
      expectedBrokers: configuredBrokerCount(cluster.brokers),
      batchSize: 6,
      onPublished: (events) => {
        for (const event of events) acknowledged.add(event.eventId);
      },
      onError: (error) => log(`relay error: ${String(error)}`),
    });
    try {
      await relay.caughtUp;
      // Three claims per append round (three partitions, most often on two or three
      // brokers), the next round as soon as the relay has sent the previous one: its
      // AddPartitionsToTxn meets the commit's markers still being written.
      for (let i = 0; i < CLAIMS; i += 3) {
        const round = lives.slice(i, i + 3);
        const before = acknowledged.size;
        await Promise.all(
          round.map((life) =>
            store.append(life.streamId, life.steps[0] ?? [], { expectedRevision: 'no_stream' }),
          ),
        );
        const due = Date.now() + 5_000;
        while (acknowledged.size < before + round.length && Date.now() < due) await sleep(2);
      }
      const expected = new Set(acknowledged);
      expect(expected.size).toBeGreaterThanOrEqual(CLAIMS);
      const read = await readTopic(kafka, TOPIC, (messages) => {
        const seen = new Set(messages.map((m) => m.event.eventId));
        return [...expected].every((id) => seen.has(id));
      });
      const counts = new Map<string, number>();
      for (const message of read)
        counts.set(message.event.eventId, (counts.get(message.event.eventId) ?? 0) + 1);
      const twice = [...counts].filter(([, count]) => count > 1);
      log(
        `${read.length} messages read for ${expected.size} events, ${twice.length} ids more than once; sends kafkajs retried after CONCURRENT_TRANSACTIONS: ${retriedSends}`,
      );
      expect(twice).toEqual([]);
    } finally {
      await relay.stop();
    }
  }, 600_000);
});
