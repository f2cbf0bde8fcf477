import { randomUUID } from 'node:crypto';
import type { Kafka, KafkaMessage } from 'kafkajs';
import type pg from 'pg';
import type { Migration } from '../../postgres/migrate';
import { deadLetterTopic } from './notification-consumer';
import { type NotifyOptions, type NotifyOutcome, notifyClaimant } from './notify-claimant';

/** One message parked in `<topic>.dlq`, with the consumer's reasons from its headers. */
export interface DeadLetter {
  /** `partition:offset` in the dead-letter topic: how an operator names it. */
  readonly id: string;
  readonly partition: number;
  readonly offset: string;
  readonly key: string | null;
  readonly value: string;
  readonly headers: Readonly<Record<string, string>>;
  /** When it was replayed already, and what that did. */
  readonly replayed?: { readonly at: Date; readonly outcome: string };
}

export const deadLetterReplayMigration: Migration = {
  id: '430-notification-dead-letter-replays',
  sql: `
    create table notification_dead_letter_replays (
      topic text not null,
      dead_letter_id text not null,
      event_id uuid,
      outcome text not null,
      replayed_at timestamptz not null default now(),
      primary key (topic, dead_letter_id)
    );
  `,
};

const text = (value: Buffer | string | (Buffer | string)[] | undefined): string =>
  Array.isArray(value) ? value.map(String).join(',') : (value?.toString('utf8') ?? '');

/**
 * Every message of `<topic>.dlq`, oldest first per partition, read up to the end the broker
 * reports when asked (a message parked meanwhile waits for the next read).
 */
export async function readDeadLetters(
  kafka: Kafka,
  topic: string,
  pool: Pick<pg.Pool, 'query'>,
  timeoutMs = 30_000,
): Promise<DeadLetter[]> {
  const dlq = deadLetterTopic(topic);
  const admin = kafka.admin();
  await admin.connect();
  const ends = await admin.fetchTopicOffsets(dlq).finally(() => admin.disconnect());
  const wanted = new Map(
    ends.filter((p) => BigInt(p.high) > BigInt(p.low)).map((p) => [p.partition, BigInt(p.high)]),
  );
  const read: { partition: number; message: KafkaMessage }[] = [];
  if (wanted.size > 0) {
    const consumer = kafka.consumer({ groupId: `dlq-reader-${randomUUID()}` });
    await consumer.connect();
    try {
      await consumer.subscribe({ topic: dlq, fromBeginning: true });
      const done = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${dlq}: not read to its end within ${timeoutMs} ms`)),
          timeoutMs,
        );
        void consumer.run({
          autoCommit: false,
          eachMessage: async ({ partition, message }) => {
            const end = wanted.get(partition);
            if (end === undefined || BigInt(message.offset) >= end) return;
            read.push({ partition, message });
            if (BigInt(message.offset) === end - 1n) wanted.delete(partition);
            if (wanted.size === 0) {
              clearTimeout(timer);
              resolve();
            }
          },
        });
      });
      await done;
    } finally {
      await consumer.disconnect();
    }
  }
  const replays = await replaysOf(pool, topic);
  return read
    .sort(
      (a, b) =>
        a.partition - b.partition || Number(BigInt(a.message.offset) - BigInt(b.message.offset)),
    )
    .map(({ partition, message }) => {
      const id = `${partition}:${message.offset}`;
      const replayed = replays.get(id);
      return {
        id,
        partition,
        offset: message.offset,
        key: message.key ? message.key.toString('utf8') : null,
        value: message.value?.toString('utf8') ?? '',
        headers: Object.fromEntries(
          Object.entries(message.headers ?? {}).map(([name, value]) => [name, text(value)]),
        ),
        ...(replayed ? { replayed } : {}),
      };
    });
}

async function replaysOf(pool: Pick<pg.Pool, 'query'>, topic: string) {
  const { rows } = await pool.query<{ dead_letter_id: string; outcome: string; replayed_at: Date }>(
    'select dead_letter_id, outcome, replayed_at from notification_dead_letter_replays where topic = $1',
    [topic],
  );
  return new Map(
    rows.map((row) => [row.dead_letter_id, { at: row.replayed_at, outcome: row.outcome }]),
  );
}

export type ReplayResult =
  | { readonly id: string; readonly outcome: NotifyOutcome }
  | { readonly id: string; readonly skipped: 'already replayed' }
  | { readonly id: string; readonly refused: string };

/**
 * Hands each dead letter to the same handler the consumer uses (after the fault that parked it
 * is mended), not back onto the topic, so no other subscriber sees the event twice. The
 * handler's record of each event id still makes a mail go at most once; a replay is recorded
 * so it is not replayed again by accident. A message that is still no integration event is
 * refused and stays as it is.
 */
export async function replayDeadLetters(
  letters: readonly DeadLetter[],
  topic: string,
  options: NotifyOptions,
): Promise<ReplayResult[]> {
  const results: ReplayResult[] = [];
  for (const letter of letters) {
    if (letter.replayed) {
      results.push({ id: letter.id, skipped: 'already replayed' });
      continue;
    }
    let message: unknown;
    try {
      message = JSON.parse(letter.value);
    } catch {
      results.push({ id: letter.id, refused: 'the value is not JSON' });
      continue;
    }
    let outcome: NotifyOutcome;
    try {
      // A deliberate replay mails what it carries, however old: the operator chose it.
      outcome = await notifyClaimant({ ...options, maxAgeMs: Number.POSITIVE_INFINITY }, message);
    } catch (error) {
      results.push({ id: letter.id, refused: (error as Error).message.slice(0, 500) });
      continue;
    }
    const eventId = (message as { eventId?: unknown }).eventId;
    await options.pool.query(
      `insert into notification_dead_letter_replays (topic, dead_letter_id, event_id, outcome)
       values ($1, $2, $3, $4) on conflict do nothing`,
      [topic, letter.id, typeof eventId === 'string' ? eventId : null, outcome],
    );
    results.push({ id: letter.id, outcome });
  }
  return results;
}
