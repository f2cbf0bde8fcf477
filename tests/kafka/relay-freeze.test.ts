import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { compareLogPositions, type EventStore } from '@contracts/event-store';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { createKafka } from '@infra/kafka/kafka-client';
import { partitionsOf } from '@infra/kafka/partition-sends';
import { readRelayCheckpoint } from '@infra/kafka/relay';
import { type ClaimLife, claimantNumbered, claimLife } from '@infra/kafka/testing/claim-life';
import { type SmtpCapture, startSmtpCapture } from '@tests/support/smtp-capture';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { expectedSequences } from './support/relay-expectations';
import { readTopic, sequencesByClaim } from './support/topic-reader';

/**
 * Issue 44: two portals' Kafka and mail (relay, notification consumer, mail queue over real
 * SMTP); the relay's leader frozen by SIGSTOP keeps its Postgres sessions; its lease runs out.
 * It is frozen at the worst moment for mail: its queue in the middle of an SMTP session, its
 * consumer in the middle of a notification's transaction (decision 144); and at the worst
 * moment for the topic: its relay between the broker's answer and its checkpoint's commit
 * (decision 145).
 */

const TTL_MS = 5_000;
const FROZEN_MS = 30_000;
const CLAIMS_PER_ROUND = 3;
const MAILS_PER_CLAIM = 5; // received, Pending, documents, letter, Approved

interface Worker {
  /** Its SMTP user and Postgres application name: who sends, who waits. */
  readonly name: string;
  readonly child: ChildProcess;
  output: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const leads = (worker: Worker) => worker.output.includes('"role":"leader"');
const standsByAgain = (worker: Worker) =>
  worker.output.slice(worker.output.indexOf('"role":"leader"')).includes('"role":"standby"');

async function until(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not reached within ${timeoutMs} ms`);
    await pause(50);
  }
  return Date.now() - started;
}

/** How often each mail arrived, by Message-ID and by (recipient, subject): 1 each, or a repeat. */
function repeats(capture: SmtpCapture) {
  const count = (keys: string[]) => keys.length - new Set(keys).size;
  const recipient = (mail: SmtpCapture['messages'][number]) =>
    (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? '';
  return {
    byMessageId: count(capture.messages.map((mail) => mail.messageId ?? '(none)')),
    byRecipientAndSubject: count(
      capture.messages.map((mail) => `${recipient(mail)}\n${mail.subject ?? ''}`),
    ),
    withoutMessageId: capture.messages.filter((mail) => !mail.messageId).length,
  };
}

/** The partition a claim's events go to (2 partitions, keyed by claim id). */
const partitionOf = (life: ClaimLife) =>
  [...partitionsOf('any', 2, [{ key: life.submissionId, value: '' }])][0];

describe("two portals' relay, notification consumer and mail queue; the relay's leader frozen (real broker, SMTP and processes)", () => {
  let database: TestDatabase;
  let store: EventStore;
  let kafka: Kafka;
  let capture: SmtpCapture;
  const workers: Worker[] = [];
  const topic = `relay-freeze-${randomUUID()}`;
  let index = 700;
  let claims = 0;
  /** While closed, the SMTP server holds each sender at its recipient: who waits, by name. */
  const held = new Set<string>();
  let gate: Promise<void> | undefined;
  const holdSenders = () => {
    let open: () => void = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    return () => {
      gate = undefined;
      open();
    };
  };
  const atRecipient = async (user: string | undefined) => {
    if (!gate || !user) return;
    held.add(user);
    await gate;
  };

  const newLife = () => {
    index += 1;
    return claimLife(index, claimantNumbered(index));
  };
  const append = async (life: ClaimLife) => {
    claims += 1;
    for (const [step, events] of life.steps.entries())
      await store.append(life.streamId, events, {
        expectedRevision: step === 0 ? 'no_stream' : 'any',
      });
  };
  const appendLives = async (count: number) => {
    for (let i = 0; i < count; i++) await append(newLife());
  };

  const startWorker = (name: string): Worker => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/kafka/support/relay-worker.ts'],
      {
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          KAFKA_BROKERS: inject('kafkaBrokers'),
          KAFKA_TOPIC: topic,
          KAFKA_TOPIC_PARTITIONS: '2',
          KAFKA_NOTIFICATIONS_GROUP: `${topic}-notifications`,
          SMTP_URL: capture.url.replace('smtp://', `smtp://${name}:secret@`),
          LEASE_TTL_MS: String(TTL_MS),
          PGAPPNAME: name,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const worker: Worker = { name, child, output: '' };
    const take = (chunk: Buffer) => {
      worker.output += chunk;
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    return worker;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    capture = await startSmtpCapture(undefined, { onRecipient: atRecipient });
    store = createPostgresEventStore(database.pool, { pollIntervalMs: 50 });
    kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'relay-freeze-test' });
  });
  afterAll(async () => {
    for (const { child } of workers) {
      child.kill('SIGCONT');
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await store?.close();
    await capture?.stop();
    await database?.drop();
  });

  it('another portal publishes and mails within 10 s; woken, the old one publishes and mails nothing twice', async () => {
    const published = async () => {
      const stored = await store.readAll({ after: { commit: 0n, prepare: 0n }, maxCount: 10_000 });
      const expected = expectedSequences(stored);
      const total = [...expected.values()].reduce((sum, ids) => sum + ids.length, 0);
      return { expected, messages: await readTopic(kafka, topic, (m) => m.length >= total) };
    };
    // The relay's checkpoint covers the log: the relay is idle.
    const checkpointed = async () => {
      const stored = await store.readAll({ after: { commit: 0n, prepare: 0n }, maxCount: 10_000 });
      const last = stored.at(-1)?.position;
      const at = await readRelayCheckpoint(database.pool, 'kafka-relay');
      return last === undefined || compareLogPositions(at, last) >= 0;
    };
    const waitsOnADelivery = async (worker: Worker) => {
      const { rowCount } = await database.pool.query(
        `select 1 from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'
           and query like 'insert into notification_deliveries%'`,
        [worker.name],
      );
      return rowCount === 1;
    };
    const waitsOnTheCheckpoint = async (worker: Worker) => {
      const { rowCount } = await database.pool.query(
        `select 1 from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'
           and query like '%update kafka_relay_checkpoints%'`,
        [worker.name],
      );
      return rowCount === 1;
    };
    const everyMailSent = () =>
      new Set(capture.messages.map((mail) => mail.messageId)).size >= claims * MAILS_PER_CLAIM;
    workers.push(startWorker('portal-1'), startWorker('portal-2'));
    await until(() => workers.some(leads), 120_000);
    await appendLives(CLAIMS_PER_ROUND);
    await published();
    await until(everyMailSent, 30_000);
    const leader = workers.find(leads) as Worker;
    const standby = workers.find((w) => w !== leader) as Worker;

    // The leader is frozen in the middle of a mail of its own: its queue holds the row's lease,
    // its SMTP session named the recipient and has not sent the text; its relay is idle.
    const letSendersGo = holdSenders();
    for (let more = 0; !held.has(leader.name) && more < 5; more++) {
      await appendLives(2);
      await until(checkpointed, 10_000);
      await until(() => held.has(leader.name), 2_000).catch(() => {});
    }
    if (!held.has(leader.name)) throw new Error('the leader sent no mail to be frozen in');
    // And in the middle of a claim notification of its own: a claim on each partition, and
    // the consumers kept waiting at the start of their transactions (a table lock: no
    // transaction id, which would hold the relay back), so the leader's holds the event's
    // delivery row when it freezes.
    const lives = [0, 1].map((partition) => {
      let life = newLife();
      while (partitionOf(life) !== partition) life = newLife();
      return life;
    });
    const blocker = await database.pool.connect();
    let frozeAt: number;
    try {
      await blocker.query('begin');
      await blocker.query('lock table notification_deliveries in share row exclusive mode');
      for (const life of lives) await append(life);
      await until(checkpointed, 10_000);
      await until(() => waitsOnADelivery(leader), 10_000);
      // And its relay with a batch on the topic and not yet checkpointed: one more claim is
      // published and the checkpoint's update waits (a table lock again, for the same reason).
      await blocker.query('lock table kafka_relay_checkpoints in share row exclusive mode');
      await append(newLife());
      await until(() => waitsOnTheCheckpoint(leader), 10_000);
      leader.child.kill('SIGSTOP');
      frozeAt = Date.now();
    } finally {
      await blocker.query('rollback');
      blocker.release();
    }
    letSendersGo();
    await appendLives(CLAIMS_PER_ROUND);
    await until(() => leads(standby), 10_000);
    const takeoverMs = Date.now() - frozeAt;
    await published();
    await until(everyMailSent, 20_000);
    const mailAfterTakeoverMs = Date.now() - frozeAt - takeoverMs;
    console.log(
      `frozen relay replaced after ${takeoverMs} ms (TTL ${TTL_MS} ms); ` +
        `every mail so far sent ${mailAfterTakeoverMs} ms after that`,
    );

    await pause(Math.max(0, FROZEN_MS - (Date.now() - frozeAt)));
    leader.child.kill('SIGCONT');
    await appendLives(CLAIMS_PER_ROUND);
    await until(() => standsByAgain(leader), 10_000);
    await until(everyMailSent, 20_000);
    // Time for the woken portal to act on what it held when frozen: its SMTP session, its
    // consumer's fetch, its mail queue's next round.
    await pause(3_000);
    console.log(`${capture.messages.length} mails for ${claims} claims`);
    const { expected, messages } = await published();
    const ids = messages.map((m) => m.event.eventId);
    expect(ids.length - new Set(ids).size).toBe(0);
    expect(sequencesByClaim(messages)).toEqual(expected);
    expect(takeoverMs).toBeLessThan(10_000);
    expect(mailAfterTakeoverMs).toBeLessThan(10_000);
    expect(repeats(capture)).toEqual({
      byMessageId: 0,
      byRecipientAndSubject: 0,
      withoutMessageId: 0,
    });
    expect(capture.messages).toHaveLength(claims * MAILS_PER_CLAIM);
  }, 240_000);
});
