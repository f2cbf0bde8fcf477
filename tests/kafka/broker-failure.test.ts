import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '@contracts/event-store';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { type KafkaBroker, startKafkaBroker } from '@infra/kafka/broker/broker';
import { createKafka } from '@infra/kafka/kafka-client';
import {
  type NotificationConsumer,
  startNotificationConsumer,
} from '@infra/kafka/notifications/notification-consumer';
import { postgresClaimantDirectory } from '@infra/kafka/notifications/notify-claimant';
import { type Relay, startRelay } from '@infra/kafka/relay';
import { type ClaimLife, claimantNumbered, claimLife } from '@infra/kafka/testing/claim-life';
import { createSmtpMailer } from '@infra/mail/smtp-mailer';
import { integrationSchemaValidator } from '@tests/support/integration-schemas';
import { type SmtpCapture, startSmtpCapture } from '@tests/support/smtp-capture';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { eventCount, expectedSequences } from './support/relay-expectations';
import { readTopic, sequencesByClaim } from './support/topic-reader';

const CLAIMS = Number(process.env.KAFKA_FAILURE_CLAIMS ?? 1_000);
const TOPIC = 'claims.claim-events';
const MAILS_PER_CLAIM = 5; // received, Pending, documents, letter, Approved

const log = (line: string) => process.stdout.write(`[broker-failure] ${line}\n`);

async function waitUntil(what: string, check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Within a time limit: a stop against a dead broker must not hold the test for minutes. */
async function stopWithin(name: string, stop: () => Promise<void>, ms = 20_000) {
  const started = Date.now();
  await Promise.race([stop(), new Promise((r) => setTimeout(r, ms))]);
  log(`${name} stopped in ${Date.now() - started} ms`);
}

async function appendStep(store: EventStore, lives: readonly ClaimLife[], step: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < lives.length) {
        const life = lives[next++] as ClaimLife;
        const events = life.steps[step];
        if (events)
          await store.append(life.streamId, events, {
            expectedRevision: step === 0 ? 'no_stream' : 'any',
          });
      }
    }),
  );
}

describe('relay and notifications through a broker crash (real Kafka, kill -9)', () => {
  let dir: string;
  let broker: KafkaBroker;
  let database: TestDatabase;
  let store: EventStore;
  let capture: SmtpCapture;
  let kafka: Kafka;
  const mailer = () => createSmtpMailer({ url: capture.url, from: 'claims@claims-portal.test' });
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'claims-kafka-failure-'));
    [broker, database, capture] = await Promise.all([
      startKafkaBroker({ dir, log }),
      createTestDatabase(),
      startSmtpCapture(),
    ]);
    store = createPostgresEventStore(database.pool, { pollIntervalMs: 50 });
    kafka = createKafka({ brokers: broker.brokers, clientId: 'broker-failure-test' });
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
    await capture?.stop();
    await broker?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it(`${CLAIMS} claims with status changes: every event once per claim and in order, no mail lost or sent twice`, async () => {
    const lives = Array.from({ length: CLAIMS }, (_, i) => claimLife(i, claimantNumbered(i)));
    const start = () => {
      const m = mailer();
      const relay: Relay = startRelay({
        pool: database.pool,
        eventStore: store,
        kafka,
        topic: TOPIC,
        partitions: 6,
      });
      const consumer: NotificationConsumer = startNotificationConsumer({
        kafka,
        topic: TOPIC,
        groupId: 'notifications',
        sessionTimeoutMs: 6_000,
        pool: database.pool,
        mailer: m,
        directory: postgresClaimantDirectory(database.pool),
      });
      return { relay, consumer, mailer: m };
    };

    // Before the crash: submissions, Pending with documents asked, the documents.
    let running = start();
    for (const step of [0, 1, 2]) await appendStep(store, lives, step);
    await waitUntil('the first mails', () => capture.messages.length >= CLAIMS / 2, 120_000);
    const mailedBeforeKill = capture.messages.length;
    await broker.kill();
    log(`broker killed (kill -9) after ${mailedBeforeKill} mails`);

    // While it is down: decision letters with Approved, letters read.
    for (const step of [3, 4]) await appendStep(store, lives, step);
    await stopWithin('relay', () => running.relay.stop());
    await stopWithin('consumer', () => running.consumer.stop());
    await running.mailer.close();
    const mailedWhileDown = capture.messages.length;

    const restartedAt = Date.now();
    await broker.start();
    log(`broker restarted in ${Date.now() - restartedAt} ms; ${mailedWhileDown} mails so far`);
    running = start();
    try {
      const expectedMails = CLAIMS * MAILS_PER_CLAIM;
      await waitUntil('every mail', () => capture.messages.length >= expectedMails, 240_000);
      await running.relay.caughtUp;
      // Anything sent twice would arrive now.
      await new Promise((r) => setTimeout(r, 3_000));
      log(`${capture.messages.length} mails, ${Date.now() - restartedAt} ms after the restart`);

      // No mail lost, none twice: each claimant has exactly their five, five different subjects.
      const byRecipient = new Map<string, string[]>();
      for (const mail of capture.messages) {
        const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? '';
        byRecipient.set(to, [...(byRecipient.get(to) ?? []), mail.subject ?? '']);
      }
      expect(capture.messages).toHaveLength(expectedMails);
      expect(byRecipient.size).toBe(CLAIMS);
      for (const [to, subjects] of byRecipient) {
        expect(new Set(subjects).size, to).toBe(MAILS_PER_CLAIM);
      }
      const { rows } = await database.pool.query<{ outcome: string; n: string }>(
        'select outcome, count(*) as n from notification_deliveries group by outcome order by outcome',
      );
      expect(rows).toEqual([
        { outcome: 'mailed', n: String(expectedMails) },
        { outcome: 'not-mailed', n: String(CLAIMS * 2) },
      ]);
    } finally {
      await stopWithin('relay', () => running.relay.stop());
      await stopWithin('consumer', () => running.consumer.stop());
      await running.mailer.close();
    }

    // Every integration event on the topic, each claim's in order; a re-published one
    // (at-least-once) carries the same event id and is counted, never reordered.
    const stored: RecordedEvent[] = [];
    for (
      let batch = await store.readAll({ after: { commit: 0n, prepare: 0n }, maxCount: 5_000 });
      batch.length > 0;
      batch = await store.readAll({ after: batch.at(-1)!.position, maxCount: 5_000 })
    ) {
      stored.push(...batch);
    }
    const expected = expectedSequences(stored);
    const total = eventCount(expected);
    expect(total).toBe(CLAIMS * 7);
    const messages = await readTopic(
      kafka,
      TOPIC,
      (m) => new Set(m.map((x) => x.event.eventId)).size >= total,
      120_000,
    );
    const firstSeen = new Map(
      [...sequencesByClaim(messages)].map(([claim, ids]) => [claim, [...new Set(ids)]]),
    );
    expect(firstSeen).toEqual(expected);
    log(
      `${messages.length} messages on the topic for ${total} events (${messages.length - total} re-published)`,
    );
    const validate = integrationSchemaValidator();
    const invalid = messages.flatMap((m) => validate(m.raw));
    expect(invalid).toEqual([]);
  });
});
