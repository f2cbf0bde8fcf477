import pg from 'pg';
import { isClaimEvent } from '@contracts/claims/events';
import { type RecordedEvent, START_OF_LOG } from '@contracts/event-store';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { createKafka } from '@infra/kafka/kafka-client';
import { mapClaimEvent, type RelayClaimState } from '@infra/kafka/map-claim-event';
import { claimIdOf } from '@infra/kafka/relay-state';
import { messageIdFor } from '@infra/mail/message-id';
import { type ReadMessage, readTopic } from '@tests/kafka/support/topic-reader';
import type { Stack } from './stack';

/** The portal's defaults, which the stack does not change. */
const TOPIC = 'claims.claim-events';
const MAIL_FROM = 'claims@claims-portal.local';

export interface DeliveryChecks {
  readonly kafka: {
    /** Integration events the event store's claim events give (the relay's own mapping). */
    readonly expected: number;
    readonly messages: number;
    /** Messages beyond the first with the same event id: at-least-once repeats on the topic. */
    readonly repeatsOnTopic: number;
    /** Each event on the topic more than once: when each copy was sent (ms since the epoch). */
    readonly repeated: readonly { readonly eventId: string; readonly sentAt: readonly number[] }[];
    readonly lost: number;
    /** Event ids the notification consumer recorded more than once (its de-duplication). */
    readonly handledTwice: number;
    /** Event ids on the topic the consumer has not recorded. */
    readonly notHandled: number;
  };
  readonly mail: {
    readonly received: number;
    /** Claim notifications the consumer recorded as mailed. */
    readonly expectedNotifications: number;
    /** Mails received more than once (same Message-ID). */
    readonly duplicates: number;
    readonly lost: number;
    readonly queued: number;
    readonly deadLetters: number;
    /** Each mail received more than once: its subject and the Date of each copy. */
    readonly repeated: readonly string[];
  };
  readonly problems: readonly string[];
}

/**
 * After the load: every integration event the event store implies is on the topic (by id),
 * each handled once by the notification consumer, and each mail it sent arrived once.
 * Waits up to 3 minutes for the relay, the consumer and the mail queue to drain.
 */
export async function deliveryChecks(
  stack: Stack,
  log: (line: string) => void,
): Promise<DeliveryChecks> {
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  pool.on('error', () => {});
  try {
    const expected = await expectedIntegrationIds(pool);
    const kafka = createKafka({ brokers: stack.kafka.brokers, clientId: 'soak-reader' });
    const messages = await readTopic(
      kafka,
      TOPIC,
      (read) => {
        const seen = new Set(read.map((m) => m.event.eventId));
        return [...expected].every((id) => seen.has(id));
      },
      180_000,
    ).catch((error: unknown) => {
      log(`  reading the topic: ${String(error)}`);
      return [];
    });
    const onTopic = new Set(messages.map((m) => m.event.eventId));
    await until(() => handledAll(pool, onTopic), 120_000);
    await until(async () => (await count(pool, 'select count(*) from mail_queue')) === 0, 120_000);
    // A mail re-sent after its sender died comes once its lease (10 s) ran out.
    await new Promise((r) => setTimeout(r, 12_000));

    const handled = await pool.query<{ event_id: string; n: string }>(
      'select event_id::text, count(*) as n from notification_deliveries group by event_id',
    );
    const handledIds = new Set(handled.rows.map((r) => r.event_id));
    const mailed = await pool.query<{ event_id: string; email: string }>(
      `select d.event_id::text, c.email from notification_deliveries d
       join notification_claims c using (claim_id) where d.outcome = 'mailed'`,
    );
    const received = new Map<string, number>();
    for (const mail of stack.smtp.messages) {
      const id = mail.messageId ?? '(none)';
      received.set(id, (received.get(id) ?? 0) + 1);
    }
    const expectedMail = mailed.rows.map((r) =>
      messageIdFor(`claim-notification:${r.event_id}:${r.email}`, MAIL_FROM),
    );
    const result = {
      kafka: {
        expected: expected.size,
        messages: messages.length,
        repeatsOnTopic: messages.length - onTopic.size,
        repeated: repeatedOnTopic(messages),
        lost: [...expected].filter((id) => !onTopic.has(id)).length,
        handledTwice: handled.rows.filter((r) => Number(r.n) > 1).length,
        notHandled: [...onTopic].filter((id) => !handledIds.has(id)).length,
      },
      mail: {
        received: stack.smtp.messages.length,
        expectedNotifications: expectedMail.length,
        duplicates: [...received.values()].reduce((sum, n) => sum + n - 1, 0),
        lost: expectedMail.filter((id) => !received.has(id)).length,
        queued: await count(pool, 'select count(*) from mail_queue'),
        deadLetters: await count(pool, 'select count(*) from mail_dead_letters'),
        repeated: [...received]
          .filter(([, n]) => n > 1)
          .map(([id]) => {
            const copies = stack.smtp.messages.filter((m) => m.messageId === id);
            return `"${copies[0]?.subject ?? ''}" sent at ${copies.map((m) => m.date?.toISOString()).join(', ')}`;
          }),
      },
    };
    return { ...result, problems: problemsOf(result) };
  } finally {
    await pool.end();
  }
}

function problemsOf({ kafka, mail }: Omit<DeliveryChecks, 'problems'>): string[] {
  const problems: string[] = [];
  if (kafka.lost > 0) problems.push(`${kafka.lost} integration events missing from the topic`);
  if (kafka.handledTwice > 0) problems.push(`${kafka.handledTwice} events handled twice`);
  if (kafka.notHandled > 0) problems.push(`${kafka.notHandled} events not handled`);
  if (mail.duplicates > 0) problems.push(`${mail.duplicates} mails received twice`);
  if (mail.lost > 0) problems.push(`${mail.lost} notification mails never arrived`);
  if (mail.queued > 0) problems.push(`${mail.queued} mails still queued`);
  if (mail.deadLetters > 0) problems.push(`${mail.deadLetters} mail dead letters`);
  return problems;
}

/** The relay's mapping replayed over the whole log, claim by claim. */
async function expectedIntegrationIds(pool: pg.Pool): Promise<Set<string>> {
  const store = createPostgresEventStore(pool);
  const states = new Map<string, RelayClaimState | undefined>();
  const ids = new Set<string>();
  let after = START_OF_LOG;
  for (;;) {
    const batch: RecordedEvent[] = await store.readAll({ after, maxCount: 1_000 });
    for (const event of batch) {
      if (!isClaimEvent(event)) continue;
      const claim = claimIdOf(event);
      const mapped = mapClaimEvent(event, states.get(claim));
      states.set(claim, mapped.state);
      for (const integration of mapped.integrationEvents) ids.add(integration.eventId);
    }
    const last = batch.at(-1);
    if (!last) return ids;
    after = last.position;
  }
}

async function handledAll(pool: pg.Pool, ids: ReadonlySet<string>): Promise<boolean> {
  const { rows } = await pool.query<{ event_id: string }>(
    'select event_id::text from notification_deliveries',
  );
  const handled = new Set(rows.map((r) => r.event_id));
  return [...ids].every((id) => handled.has(id));
}

async function count(pool: pg.Pool, sql: string): Promise<number> {
  return Number((await pool.query<{ count: string }>(sql)).rows[0]?.count ?? 0);
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

function repeatedOnTopic(messages: readonly ReadMessage[]): DeliveryChecks['kafka']['repeated'] {
  const copies = new Map<string, number[]>();
  for (const m of messages)
    copies.set(m.event.eventId, [...(copies.get(m.event.eventId) ?? []), m.timestamp]);
  return [...copies]
    .filter(([, sentAt]) => sentAt.length > 1)
    .map(([eventId, sentAt]) => ({ eventId, sentAt: [...sentAt].sort((a, b) => a - b) }));
}
