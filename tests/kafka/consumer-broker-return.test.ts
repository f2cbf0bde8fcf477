import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '@contracts/mail';
import { type KafkaBroker, startKafkaBroker } from '@infra/kafka/broker/broker';
import { createKafka } from '@infra/kafka/kafka-client';
import { mapClaimEvent } from '@infra/kafka/map-claim-event';
import {
  type NotificationConsumer,
  startNotificationConsumer,
} from '@infra/kafka/notifications/notification-consumer';
import { postgresClaimantDirectory } from '@infra/kafka/notifications/notify-claimant';
import { NOTIFICATION_RETRY } from '@infra/kafka/start-integration-events';
import { claimantNumbered, claimLife, recordedLife } from '@infra/kafka/testing/claim-life';
import { createQueuedMailer } from '@infra/mail/mail-queue';
import { createSmtpMailer } from '@infra/mail/smtp-mailer';
import { type SmtpCapture, startSmtpCapture } from '@tests/support/smtp-capture';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';

const OUTAGE_MS = 20_000;
const log = (line: string) => process.stdout.write(`[consumer-broker-return] ${line}\n`);

function submitted(label: string) {
  const id = randomUUID();
  const claimant = { ...claimantNumbered(1), customerId: id, email: `${label}-${id}@example.test` };
  const [first] = recordedLife(claimLife(1, claimant));
  const event = first && mapClaimEvent(first, undefined).integrationEvents[0];
  if (!event) throw new Error('no integration event');
  return { message: { key: event.claimId, value: JSON.stringify(event) }, email: claimant.email };
}

describe('notification consumer: mail resumes soon after the broker serves again (real Kafka, kill -9)', () => {
  let dir: string;
  let broker: KafkaBroker;
  let database: TestDatabase;
  let capture: SmtpCapture;
  let kafka: Kafka;
  let mailer: Mailer;
  let consumer: NotificationConsumer | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'claims-consumer-return-'));
    [broker, database, capture] = await Promise.all([
      startKafkaBroker({ dir }),
      createTestDatabase(),
      startSmtpCapture(),
    ]);
    // As the portal builds the consumer's client (start-integration-events.ts).
    kafka = createKafka({
      brokers: broker.brokers,
      clientId: 'consumer-return-test',
      retry: NOTIFICATION_RETRY,
    });
    mailer = createQueuedMailer(database.pool, {
      transport: createSmtpMailer({ url: capture.url, from: 'claims@claims-portal.test' }),
      log: { warn() {}, info() {} },
      from: 'claims@claims-portal.test',
    });
  });
  afterAll(async () => {
    await Promise.race([consumer?.stop(), new Promise((r) => setTimeout(r, 20_000))]);
    await mailer?.close();
    await capture?.stop();
    await database?.drop();
    await broker?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it(`after a ${OUTAGE_MS / 1000} s outage, the next mail arrives within 5 s of the broker serving again`, async () => {
    const topic = `return-${randomUUID()}`;
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
    await admin.disconnect();
    const joins: number[] = [];
    consumer = startNotificationConsumer({
      kafka,
      topic,
      groupId: `notifications-${randomUUID()}`,
      pool: database.pool,
      mailer,
      directory: postgresClaimantDirectory(database.pool),
      onJoined: () => joins.push(Date.now()),
    });
    const before = submitted('before');
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic, messages: [before.message] });
    await producer.disconnect();
    await capture.waitFor(before.email, undefined, 60_000);

    await broker.kill();
    const killedAt = Date.now();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    await broker.start();
    // Serving again: the first moment a new producer gets a message accepted.
    const after = submitted('after');
    let servingAt = 0;
    while (servingAt === 0) {
      const probe = createKafka({ brokers: broker.brokers, clientId: 'probe' }).producer();
      try {
        await probe.connect();
        await probe.send({ topic, acks: -1, messages: [after.message] });
        servingAt = Date.now();
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      } finally {
        await probe.disconnect().catch(() => {});
      }
    }
    await capture.waitFor(after.email, undefined, 60_000);
    const resumedMs = Date.now() - servingAt;
    const rejoinedMs = (joins.find((at) => at >= killedAt) ?? Number.NaN) - servingAt;
    log(`mail ${resumedMs} ms after the broker served again; group joined ${rejoinedMs} ms after`);
    expect(resumedMs).toBeLessThanOrEqual(5_000);
  });
});
