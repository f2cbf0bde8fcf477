import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventStore, RecordedEvent } from '@contracts/event-store';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { createKafka } from '@infra/kafka/kafka-client';
import { mapClaimEvent, type RelayClaimState } from '@infra/kafka/map-claim-event';
import { type ClaimLife, claimantNumbered, claimLife } from '@infra/kafka/testing/claim-life';
import { type SmtpCapture, startSmtpCapture } from '@tests/support/smtp-capture';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { readTopic, sequencesByClaim } from './support/topic-reader';

/**
 * Issue 44: two portals' Kafka and mail (relay, notification consumer, mail queue over real
 * SMTP); the relay's leader frozen by SIGSTOP keeps its Postgres sessions; its lease runs out.
 */

const TTL_MS = 5_000;
const FROZEN_MS = 30_000;
const CLAIMS_PER_ROUND = 3;
const MAILS_PER_CLAIM = 5; // received, Pending, documents, letter, Approved

interface Worker {
  readonly child: ChildProcess;
  output: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const leads = (worker: Worker) => worker.output.includes('"role":"leader"');
const standsByAgain = (worker: Worker) =>
  worker.output.slice(worker.output.indexOf('"role":"leader"')).includes('"role":"standby"');

async function until(condition: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!condition()) {
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

/** Each claim's integration event ids, in order, as the relay maps the stored events. */
function expectedSequences(stored: readonly RecordedEvent[]): Map<string, string[]> {
  const states = new Map<string, RelayClaimState | undefined>();
  const out = new Map<string, string[]>();
  for (const event of stored) {
    const claimId = (event.data as { submissionId: string }).submissionId;
    const { integrationEvents, state } = mapClaimEvent(event, states.get(claimId));
    states.set(claimId, state);
    for (const published of integrationEvents)
      out.set(claimId, [...(out.get(claimId) ?? []), published.eventId]);
  }
  return out;
}

describe('two relays, the leader frozen (real broker, real processes)', () => {
  let database: TestDatabase;
  let store: EventStore;
  let kafka: Kafka;
  let capture: SmtpCapture;
  const workers: Worker[] = [];
  const topic = `relay-freeze-${randomUUID()}`;
  let index = 700;

  const appendLives = async (count: number) => {
    const lives: ClaimLife[] = Array.from({ length: count }, () => {
      index += 1;
      return claimLife(index, claimantNumbered(index));
    });
    for (const life of lives)
      for (const [step, events] of life.steps.entries())
        await store.append(life.streamId, events, {
          expectedRevision: step === 0 ? 'no_stream' : 'any',
        });
  };

  const startWorker = (): Worker => {
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
          SMTP_URL: capture.url,
          LEASE_TTL_MS: String(TTL_MS),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const worker: Worker = { child, output: '' };
    const take = (chunk: Buffer) => {
      worker.output += chunk;
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    return worker;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    capture = await startSmtpCapture();
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
    const mailed = (rounds: number) => () =>
      capture.messages.length >= rounds * CLAIMS_PER_ROUND * MAILS_PER_CLAIM;
    workers.push(startWorker(), startWorker());
    await until(() => workers.some(leads), 120_000);
    await appendLives(CLAIMS_PER_ROUND);
    await published();
    // Frozen with nothing in flight: a mail the server accepted but the sender did not mark
    // sent yet is re-sent by design (at least once, same Message-ID), like after a crash.
    await until(mailed(1), 30_000);
    const leader = workers.find(leads) as Worker;
    const standby = workers.find((w) => w !== leader) as Worker;

    leader.child.kill('SIGSTOP');
    const frozenAt = Date.now();
    await appendLives(CLAIMS_PER_ROUND);
    const takeoverMs = await until(() => leads(standby), 10_000);
    await published();
    await until(mailed(2), 20_000);
    const mailAfterTakeoverMs = Date.now() - frozenAt - takeoverMs;
    console.log(
      `frozen relay replaced after ${takeoverMs} ms (TTL ${TTL_MS} ms); ` +
        `the mail of the claims appended meanwhile all sent ${mailAfterTakeoverMs} ms after that`,
    );

    await pause(Math.max(0, FROZEN_MS - (Date.now() - frozenAt)));
    leader.child.kill('SIGCONT');
    await appendLives(CLAIMS_PER_ROUND);
    await until(() => standsByAgain(leader), 10_000);
    await until(mailed(3), 20_000);
    // Time for the woken portal to act on what it held when frozen: its consumer's fetch, its
    // mail queue's next round.
    await pause(TTL_MS / 2);
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
    expect(capture.messages).toHaveLength(3 * CLAIMS_PER_ROUND * MAILS_PER_CLAIM);
  }, 240_000);
});
