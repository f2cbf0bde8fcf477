import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '@contracts/event-store';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import {
  type KafkaCluster,
  type KafkaClusterNode,
  startKafkaCluster,
} from '@infra/kafka/broker/broker';
import { createKafka } from '@infra/kafka/kafka-client';
import { startNotificationConsumer } from '@infra/kafka/notifications/notification-consumer';
import { postgresClaimantDirectory } from '@infra/kafka/notifications/notify-claimant';
import { readRelayCheckpoint, type Relay, startRelay } from '@infra/kafka/relay';
import { configuredBrokerCount, ensureTopic, type TopicReport } from '@infra/kafka/relay-topic';
import { claimantNumbered, claimLife } from '@infra/kafka/testing/claim-life';
import { createSmtpMailer } from '@infra/mail/smtp-mailer';
import { type SmtpCapture, startSmtpCapture } from '@tests/support/smtp-capture';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { eventCount, expectedSequences } from './support/relay-expectations';
import {
  type ReadMessage,
  readTopic,
  sequencesByClaim,
  TopicReadTimeout,
} from './support/topic-reader';

/**
 * Issue 26: a replicated topic on a 3-node KRaft cluster (replication 3, min ISR 2) loses
 * nothing and mails nothing twice through a `kill -9` of one broker mid-stream and then of
 * the active controller; the longest pause in publishing is measured.
 */
const CLAIMS = Number(process.env.KAFKA_CLUSTER_CLAIMS ?? 2_000);
const STREAM_MS = 60_000;
const TOPIC = 'claims.claim-events';

const log = (line: string) => process.stdout.write(`[broker-cluster] ${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a 3-broker KRaft cluster loses a broker, then the active controller (kill -9)', () => {
  let dir: string;
  let cluster: KafkaCluster;
  let database: TestDatabase;
  let store: EventStore;
  let capture: SmtpCapture;
  let kafka: Kafka;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'claims-kafka-cluster-'));
    [cluster, database, capture] = await Promise.all([
      startKafkaCluster({ dir, nodes: 3, heapMb: 384, log }),
      createTestDatabase(),
      startSmtpCapture(),
    ]);
    store = createPostgresEventStore(database.pool, { pollIntervalMs: 50 });
    kafka = createKafka({ brokers: cluster.brokers, clientId: 'broker-cluster-test' });
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
    await capture?.stop();
    await cluster?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Until every partition of the topic has all three replicas in sync again. */
  async function waitForFullIsr(timeoutMs = 90_000): Promise<number> {
    const started = Date.now();
    const admin = kafka.admin();
    await admin.connect();
    try {
      for (;;) {
        const metadata = await admin.fetchTopicMetadata({ topics: [TOPIC] }).catch(() => null);
        const partitions = metadata?.topics[0]?.partitions ?? [];
        if (partitions.length > 0 && partitions.every((p) => p.isr.length === 3))
          return Date.now() - started;
        if (Date.now() - started > timeoutMs) throw new Error('replicas did not catch up');
        await sleep(500);
      }
    } finally {
      await admin.disconnect();
    }
  }

  /**
   * What a read that ran out of time lacked, and where those events stopped: acknowledged by
   * the brokers or not, the relay's checkpoint and last error, and each partition's end
   * offset against what the read got from it.
   */
  async function whyMissing(
    expected: ReadonlyMap<string, readonly string[]>,
    read: readonly ReadMessage[],
    acknowledged: ReadonlySet<string>,
    relay: Relay,
    lastStored: RecordedEvent,
  ): Promise<string> {
    const seen = new Set(read.map((m) => m.event.eventId));
    const missing = [...expected.values()].flat().filter((id) => !seen.has(id));
    const admin = kafka.admin();
    await admin.connect();
    const ends = await admin.fetchTopicOffsets(TOPIC).finally(() => admin.disconnect());
    const readPer = (partition: number) => read.filter((m) => m.partition === partition).length;
    const checkpoint = await readRelayCheckpoint(database.pool, 'kafka-relay');
    return [
      `${missing.length} events not read; ${missing.filter((id) => acknowledged.has(id)).length} of them acknowledged to the relay`,
      `relay: ${JSON.stringify(relay.status())}`,
      `relay checkpoint ${checkpoint.commit}/${checkpoint.prepare}; last stored event ${lastStored.position.commit}/${lastStored.position.prepare}`,
      `partitions (end offset / read): ${ends.map((p) => `${p.partition}: ${p.high}/${readPer(p.partition)}`).join(', ')}`,
    ].join('\n');
  }

  it(`${CLAIMS} claims through both kills: every event on the topic in order, no mail twice, the longest publishing pause stated`, async () => {
    const lives = Array.from({ length: CLAIMS }, (_, i) => claimLife(i, claimantNumbered(i)));
    const mailer = createSmtpMailer({ url: capture.url, from: 'claims@claims-portal.test' });
    const published: number[] = [];
    const acknowledged = new Set<string>();
    let topicReport: TopicReport | undefined;
    const relay = startRelay({
      pool: database.pool,
      eventStore: store,
      kafka,
      topic: TOPIC,
      partitions: 6,
      expectedBrokers: configuredBrokerCount(cluster.brokers),
      batchSize: 100,
      onTopic: (report) => {
        topicReport = report;
      },
      onPublished: (events) => {
        if (events.length > 0) published.push(Date.now());
        for (const event of events) acknowledged.add(event.eventId);
      },
    });
    const consumer = startNotificationConsumer({
      kafka,
      topic: TOPIC,
      groupId: 'notifications',
      sessionTimeoutMs: 6_000,
      pool: database.pool,
      mailer,
      directory: postgresClaimantDirectory(database.pool),
      deadLetterReplication: { expectedBrokers: configuredBrokerCount(cluster.brokers) },
    });
    const kills: Array<{ what: string; at: number }> = [];
    try {
      await relay.caughtUp;
      expect(topicReport).toMatchObject({
        brokers: 3,
        actual: { replicationFactor: 3, minInsyncReplicas: 2, partitions: 6 },
        differences: [],
        warnings: [],
      });

      // The stream: one submission every STREAM_MS / CLAIMS ms, on while the brokers die.
      let appended = 0;
      const streamStarted = Date.now();
      const stream = (async () => {
        for (const life of lives) {
          await store.append(life.streamId, life.steps[0] ?? [], { expectedRevision: 'no_stream' });
          appended += 1;
          const due = streamStarted + (appended * STREAM_MS) / CLAIMS;
          if (due > Date.now()) await sleep(due - Date.now());
        }
      })();
      const until = async (n: number) => {
        while (appended < n) await sleep(50);
      };

      await until(CLAIMS * 0.15);
      const controller = await cluster.activeController();
      const follower = cluster.nodes.find((n) => n !== controller) as KafkaClusterNode;
      await follower.kill();
      kills.push({ what: `broker ${follower.nodeId}`, at: Date.now() });
      log(`kill -9 broker ${follower.nodeId} (not the controller) at claim ${appended}`);
      await sleep(3_000);
      await follower.start();
      log(`broker ${follower.nodeId} back; replicas in sync after ${await waitForFullIsr()} ms`);

      const active = await cluster.activeController();
      await active.kill();
      kills.push({ what: `active controller ${active.nodeId}`, at: Date.now() });
      log(`kill -9 the active controller (node ${active.nodeId}) at claim ${appended}`);
      await sleep(3_000);
      await active.start();
      log(`node ${active.nodeId} back at claim ${appended}`);
      await stream;
      expect(Date.now() - streamStarted).toBeLessThan(STREAM_MS * 2);
      const streamEnded = Date.now();

      // Longest pause in publishing while submissions kept coming.
      const during = published.filter((t) => t >= streamStarted && t <= streamEnded);
      let longest = { ms: 0, from: 0 };
      for (let i = 1; i < during.length; i++) {
        const gap = (during[i] as number) - (during[i - 1] as number);
        if (gap > longest.ms) longest = { ms: gap, from: during[i - 1] as number };
      }
      const after = (kill: { at: number }) => {
        const next = published.find((t) => t > kill.at);
        return next === undefined ? Number.NaN : next - kill.at;
      };
      for (const kill of kills) log(`${kill.what}: first publish ${after(kill)} ms after the kill`);
      log(
        `longest pause in publishing: ${longest.ms} ms, from ${longest.from - streamStarted} ms into the stream (kills at ${kills.map((k) => k.at - streamStarted).join(', ')} ms)`,
      );

      // Nothing lost: every event on the topic, each claim's in order.
      // Read once every append is readable (a short transaction may still hold the horizon).
      let stored: RecordedEvent[] = [];
      await expect
        .poll(
          async () => {
            stored = await store.readAll({ after: { commit: 0n, prepare: 0n }, maxCount: 100_000 });
            return stored.length;
          },
          { timeout: 10_000 },
        )
        .toBe(CLAIMS);
      const expected = expectedSequences(stored);
      const total = eventCount(expected);
      expect(total).toBe(CLAIMS);
      const messages = await readTopic(
        kafka,
        TOPIC,
        (m) => new Set(m.map((x) => x.event.eventId)).size >= total,
        120_000,
      ).catch(async (error: unknown) => {
        if (!(error instanceof TopicReadTimeout)) throw error;
        const last = stored.at(-1) as RecordedEvent;
        const why = await whyMissing(expected, error.messages, acknowledged, relay, last);
        throw new Error(`${error.message}\n${why}`);
      });
      const firstSeen = new Map(
        [...sequencesByClaim(messages)].map(([claim, ids]) => [claim, [...new Set(ids)]]),
      );
      expect(firstSeen).toEqual(expected);
      log(
        `${messages.length} messages for ${total} events (${messages.length - total} re-published)`,
      );

      // No mail twice: each claimant exactly their one "claim received".
      await expect
        .poll(() => capture.messages.length, { timeout: 180_000, interval: 500 })
        .toBeGreaterThanOrEqual(CLAIMS);
      await sleep(3_000);
      const perRecipient = new Map<string, number>();
      for (const mail of capture.messages) {
        const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? '';
        perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
      }
      const twice = [...perRecipient].filter(([, n]) => n > 1);
      log(
        `${capture.messages.length} mails to ${perRecipient.size} claimants; ${twice.length} twice`,
      );
      expect(twice).toEqual([]);
      expect(perRecipient.size).toBe(CLAIMS);
    } finally {
      await Promise.race([relay.stop(), sleep(20_000)]);
      await Promise.race([consumer.stop(), sleep(20_000)]);
      await mailer.close();
    }
  }, 600_000);

  /** Until every answer for two seconds lists `count` brokers (each broker's cache in turn). */
  async function listedSteadily(count: number): Promise<void> {
    let steadySince = Date.now();
    await expect
      .poll(
        async () => {
          if ((await listed()) !== count) steadySince = Date.now();
          return Date.now() - steadySince;
        },
        { timeout: 40_000, interval: 200 },
      )
      .toBeGreaterThanOrEqual(2_000);
  }

  /** The brokers the cluster lists now (only those registered and not fenced). */
  async function listed(): Promise<number> {
    const admin = kafka.admin();
    await admin.connect();
    try {
      return (await admin.describeCluster()).brokers.length;
    } finally {
      await admin.disconnect();
    }
  }

  it('a topic created while one configured broker is away waits for it, or says it did not come', async () => {
    const controller = await cluster.activeController();
    const away = cluster.nodes.find((n) => n !== controller) as KafkaClusterNode;
    let isAway = false;
    const admin = kafka.admin();
    await admin.connect();
    try {
      await away.stop();
      isAway = true;
      await listedSteadily(2);

      // It comes back while the topic waits: created for three brokers, no warning.
      const waited = ensureTopic(admin, 'late-broker', { partitions: 2, expectedBrokers: 3 });
      await sleep(2_000);
      expect(await admin.listTopics()).not.toContain('late-broker');
      await away.start();
      isAway = false;
      expect(await waited).toMatchObject({
        created: true,
        brokers: 3,
        actual: { partitions: 2, replicationFactor: 3, minInsyncReplicas: 2 },
        warnings: [],
      });
      // Each broker's metadata: the one just back may not know the topic for a moment.
      const replicas = () =>
        admin
          .fetchTopicMetadata({ topics: ['late-broker'] })
          .then(({ topics }) => topics[0]?.partitions.map((p) => p.replicas.length))
          .catch(() => undefined);
      await expect.poll(replicas, { timeout: 10_000, interval: 250 }).toEqual([3, 3]);

      // It does not come back in time: created for the brokers listed, and the report says so.
      await away.stop();
      isAway = true;
      await listedSteadily(2);
      const shortOfOne = await ensureTopic(admin, 'short-broker', {
        partitions: 1,
        expectedBrokers: 3,
        brokerWaitMs: 1_000,
      });
      expect(shortOfOne).toMatchObject({ created: true, brokers: 2 });
      expect(shortOfOne.warnings[0]).toMatch(/listed 2 of the 3 configured brokers after 1000 ms/);
    } finally {
      await admin.disconnect();
      if (isAway) await away.start();
    }
  }, 120_000);
});
