import { randomUUID } from 'node:crypto';
import type { Kafka, KafkaMessage } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { IntegrationEvent } from '@contracts/integration/claim-integration-events';
import type { Mailer } from '@contracts/mail';
import { createKafka } from '@infra/kafka/kafka-client';
import { mapClaimEvent } from '@infra/kafka/map-claim-event';
import { notificationConsumerStatus } from '@infra/kafka/notifications/consumer-status';
import { readDeadLetters, replayDeadLetters } from '@infra/kafka/notifications/dead-letters';
import {
  type DeadLetterReason,
  deadLetterTopic,
  type NotificationConsumer,
  startNotificationConsumer,
} from '@infra/kafka/notifications/notification-consumer';
import {
  type ClaimantDirectory,
  postgresClaimantDirectory,
} from '@infra/kafka/notifications/notify-claimant';
import { claimantNumbered, claimLife, recordedLife } from '@infra/kafka/testing/claim-life';
import { createQueuedMailer } from '@infra/mail/mail-queue';
import { createSmtpMailer } from '@infra/mail/smtp-mailer';
import { type SmtpCapture, startSmtpCapture } from '@tests/support/smtp-capture';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';

const log = (line: string) => process.stdout.write(`[notification-dlq] ${line}\n`);

/** A claim's `claim.submitted` integration event, for a claimant of its own. */
function submitted(label: string): { event: IntegrationEvent; email: string } {
  const id = randomUUID();
  const claimant = {
    ...claimantNumbered(1),
    customerId: `${label}-${id}`,
    email: `${label}-${id}@example.test`,
  };
  const [first] = recordedLife(claimLife(1, claimant));
  const event = first && mapClaimEvent(first, undefined).integrationEvents[0];
  if (!event) throw new Error('the claim life maps to no integration event');
  return { event, email: claimant.email };
}

const asMessage = (event: IntegrationEvent) => ({
  key: event.claimId,
  value: JSON.stringify(event),
});

/** Every message of `topic` with its headers as text, until `count` arrived. */
async function readAll(kafka: Kafka, topic: string, count: number, timeoutMs = 30_000) {
  const consumer = kafka.consumer({ groupId: `reader-${randomUUID()}` });
  const read: KafkaMessage[] = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({ eachMessage: async ({ message }) => void read.push(message) });
    const deadline = Date.now() + timeoutMs;
    while (read.length < count && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    return read.map((m) => ({
      key: m.key?.toString('utf8'),
      value: m.value?.toString('utf8'),
      headers: Object.fromEntries(
        Object.entries(m.headers ?? {}).map(([k, v]) => [k, v?.toString() ?? '']),
      ),
    }));
  } finally {
    await consumer.disconnect();
  }
}

describe('notification consumer: poison messages go to <topic>.dlq and the partition moves on (real Kafka)', () => {
  let database: TestDatabase;
  let capture: SmtpCapture;
  let kafka: Kafka;
  let mailer: Mailer;
  let consumer: NotificationConsumer | undefined;
  beforeAll(async () => {
    [database, capture] = await Promise.all([createTestDatabase(), startSmtpCapture()]);
    kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'dlq-test' });
    mailer = createQueuedMailer(database.pool, {
      transport: createSmtpMailer({ url: capture.url, from: 'claims@claims-portal.test' }),
      log: { warn() {}, info() {} },
      from: 'claims@claims-portal.test',
    });
  });
  afterAll(async () => {
    await consumer?.stop();
    await mailer?.close();
    await capture?.stop();
    await database?.drop();
  });

  it('parks not-JSON, an unknown version and a handler that throws, with why in headers; the next good mail follows within 1 s', async () => {
    const topic = `dlq-test-${randomUUID()}`;
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
    await admin.disconnect();

    const failing = submitted('throws');
    const real = postgresClaimantDirectory(database.pool);
    const directory: ClaimantDirectory = {
      async find(customerId) {
        if (customerId === failing.event.customerId) throw new Error('directory exploded');
        return real.find(customerId);
      },
    };
    const parked: Array<{ reason: DeadLetterReason; at: number }> = [];
    consumer = startNotificationConsumer({
      kafka,
      topic,
      groupId: `notifications-${randomUUID()}`,
      pool: database.pool,
      mailer,
      directory,
      onDeadLetter: (reason) => parked.push({ reason, at: Date.now() }),
      onError: (e) => log(`error ${String(e)}`),
      onHandled: (o) => log(`handled ${o}`),
    });
    const producer = kafka.producer();
    await producer.connect();
    try {
      const warmup = submitted('warmup');
      await producer.send({ topic, messages: [asMessage(warmup.event)] });
      await capture.waitFor(warmup.email, undefined, 20_000);

      const unknownVersion = submitted('unknown-version');
      const good = submitted('good');
      await producer.send({
        topic,
        acks: -1,
        messages: [
          { key: 'not-json', value: '{"eventId": "no closing brace"' },
          {
            ...asMessage(unknownVersion.event),
            value: JSON.stringify({ ...unknownVersion.event, version: 99 }),
          },
          asMessage(failing.event),
          asMessage(good.event),
        ],
      });
      const mail = await capture.waitFor(good.email, undefined, 10_000);
      const arrived = Date.now();
      const lastParked = parked.at(-1)?.at ?? Number.NaN;
      log(`good mail ${arrived - lastParked} ms after the last poison message was parked`);
      expect(arrived - lastParked).toBeLessThanOrEqual(1_000);
      expect(mail.subject).toBeTruthy();
      expect(parked.map((p) => p.reason)).toEqual([
        'not-json',
        'not-an-integration-event',
        'handler-failed',
      ]);

      const dlq = await readAll(kafka, deadLetterTopic(topic), 3);
      expect(dlq).toHaveLength(3);
      const [notJson, unknown, throwing] = dlq;
      expect(notJson).toMatchObject({
        key: 'not-json',
        value: '{"eventId": "no closing brace"',
        headers: {
          'dlq-reason': 'not-json',
          'dlq-original-topic': topic,
          'dlq-original-partition': '0',
          'dlq-original-offset': '1',
        },
      });
      expect(unknown?.headers).toMatchObject({
        'dlq-reason': 'not-an-integration-event',
        'dlq-original-offset': '2',
      });
      expect(unknown?.headers['dlq-error']).toContain('version');
      expect(throwing).toMatchObject({
        key: failing.event.claimId,
        headers: {
          'dlq-reason': 'handler-failed',
          'dlq-attempts': '3',
          'dlq-original-offset': '3',
        },
      });
      expect(throwing?.headers['dlq-error']).toContain('directory exploded');
      expect(JSON.parse(throwing?.value ?? '')).toEqual(failing.event);
      expect(
        await database.pool.query('select 1 from notification_deliveries where event_id = $1', [
          failing.event.eventId,
        ]),
      ).toMatchObject({ rowCount: 0 });

      // The partition moved on: nothing left for the group, three parked, as health shows.
      await expect
        .poll(async () => await notificationConsumerStatus(), { timeout: 15_000, interval: 2_100 })
        .toMatchObject({ lag: 0, deadLetters: 3 });

      // The fault mended (the directory answers again), an operator lists and replays them.
      const letters = await readDeadLetters(kafka, topic, database.pool);
      expect(letters.map((l) => [l.id, l.headers['dlq-reason']])).toEqual([
        ['0:0', 'not-json'],
        ['0:1', 'not-an-integration-event'],
        ['0:2', 'handler-failed'],
      ]);
      const notify = { pool: database.pool, mailer, directory: real };
      const replayed = await replayDeadLetters(letters, topic, notify);
      expect(replayed).toEqual([
        { id: '0:0', refused: 'the value is not JSON' },
        { id: '0:1', refused: expect.stringContaining('version') },
        { id: '0:2', outcome: 'mailed' },
      ]);
      await capture.waitFor(failing.email, undefined, 10_000);
      // Listed as replayed, and a second replay sends nothing.
      const again = await readDeadLetters(kafka, topic, database.pool);
      expect(again.map((l) => l.replayed?.outcome)).toEqual([undefined, undefined, 'mailed']);
      expect(await replayDeadLetters(again, topic, notify)).toContainEqual({
        id: '0:2',
        skipped: 'already replayed',
      });
      // Even a replay that forgot its record mails once: the handler's own record holds.
      const forgotten = again.map(({ replayed: _, ...letter }) => letter);
      expect(await replayDeadLetters(forgotten.slice(2), topic, notify)).toEqual([
        { id: '0:2', outcome: 'duplicate' },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(
        capture.messages.filter((m) => JSON.stringify(m.to ?? '').includes(failing.email)),
      ).toHaveLength(1);
    } finally {
      await producer.disconnect();
    }
  });

  it('a consumer stopped while its dead-letter topic waits for brokers that never come stops at once, creating nothing', async () => {
    const topic = `dlq-wait-${randomUUID()}`;
    const errors: unknown[] = [];
    // The one test broker, told to expect three: the dead-letter topic would wait 30 s.
    const waiting = startNotificationConsumer({
      kafka,
      topic,
      groupId: `notifications-${randomUUID()}`,
      pool: database.pool,
      mailer,
      directory: postgresClaimantDirectory(database.pool),
      deadLetterReplication: { expectedBrokers: 3 },
      onError: (error) => errors.push(error),
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const started = Date.now();
    await waiting.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(errors).toEqual([]);
    const admin = kafka.admin();
    await admin.connect();
    try {
      expect(await admin.listTopics()).not.toContain(`${topic}.dlq`);
    } finally {
      await admin.disconnect();
    }
  });
});
