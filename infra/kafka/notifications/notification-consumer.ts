import type { Admin, Consumer, IHeaders, Kafka, KafkaMessage, Producer } from 'kafkajs';
import { context } from '@opentelemetry/api';
import {
  type IntegrationEvent,
  integrationEventSchema,
} from '@contracts/integration/claim-integration-events';
import { contextOfTraceparent, inSpansPerTrace, SpanKind } from '@contracts/trace-context';
import { ensureTopic, type TopicSettings } from '../relay-topic';
import { wakeablePause } from '../wakeable-pause';
import { type ConsumerStatus, registerConsumerStatus } from './consumer-status';
import { type NotifyOptions, type NotifyOutcome, notifyClaimant } from './notify-claimant';

export interface NotificationConsumerOptions extends NotifyOptions {
  readonly kafka: Kafka;
  readonly topic: string;
  readonly groupId: string;
  /** Where a new group starts: the topic's beginning (default) or its end. */
  readonly fromBeginning?: boolean;
  /** Broker-side session timeout: how soon a silent member's partitions go to another. */
  readonly sessionTimeoutMs?: number;
  /**
   * How long a rebalance waits for members to rejoin: it also bounds how long a restarted
   * portal's join waits on its dead predecessor (see decision 057).
   */
  readonly rebalanceTimeoutMs?: number;
  /** Tries of a message whose handler throws before it goes to `<topic>.dlq`. */
  readonly attempts?: number;
  /** Replication of `<topic>.dlq` when this consumer creates it: the main topic's settings. */
  readonly deadLetterReplication?: Omit<TopicSettings, 'partitions' | 'signal'>;
  /** First pause between those tries, doubling. */
  readonly attemptBackoffMs?: number;
  readonly onError?: (error: unknown) => void;
  readonly onHandled?: (outcome: NotifyOutcome, message: unknown) => void;
  readonly onDeadLetter?: (reason: DeadLetterReason, error: string) => void;
  /** The group gave this member its partitions (after a start or a rebalance). */
  readonly onJoined?: (partitions: readonly number[]) => void;
}

export interface NotificationConsumer {
  stop(): Promise<void>;
}

export type DeadLetterReason = 'not-json' | 'not-an-integration-event' | 'handler-failed';

const RETRY_MS = 1_000;

/** Where a message nobody can handle goes, with why in its headers. */
export const deadLetterTopic = (topic: string) => `${topic}.dlq`;

/**
 * A member of a Kafka consumer group that mails claimants. Offsets are committed only after a
 * message was handled (mail queued and recorded) or parked in `<topic>.dlq`, so a crash
 * redelivers it, and notifyClaimant's record of event ids turns a redelivery into no mail.
 * A message that is not JSON or no version of the contract describes is parked at once; one
 * whose handler keeps throwing after `attempts` tries is parked too, and its partition moves
 * on. A failure of Postgres itself is not the message's fault: it is retried, not parked.
 */
export function startNotificationConsumer(
  options: NotificationConsumerOptions,
): NotificationConsumer {
  let stopped = false;
  let consumer: Consumer | undefined;
  let producer: Producer | undefined;
  const { pause, wake } = wakeablePause();
  const attempts = options.attempts ?? 3;
  const backoffMs = options.attemptBackoffMs ?? 100;
  const dlq = deadLetterTopic(options.topic);
  const admin = options.kafka.admin();
  const unregister = registerConsumerStatus(() =>
    consumerStatus(admin, options.groupId, options.topic),
  );

  async function park(
    topic: string,
    partition: number,
    message: KafkaMessage,
    reason: DeadLetterReason,
    error: string,
    tries: number,
  ): Promise<void> {
    if (!producer) throw new Error('the dead-letter producer is not connected');
    await producer.send({
      topic: dlq,
      acks: -1,
      messages: [
        {
          key: message.key,
          value: message.value,
          headers: {
            ...message.headers,
            'dlq-reason': reason,
            'dlq-error': error.slice(0, 2_000),
            'dlq-attempts': String(tries),
            'dlq-original-topic': topic,
            'dlq-original-partition': String(partition),
            'dlq-original-offset': message.offset,
            'dlq-original-timestamp': message.timestamp,
            'dlq-parked-at': new Date().toISOString(),
          } satisfies IHeaders,
        },
      ],
    });
    options.onDeadLetter?.(reason, error);
  }

  async function handle(topic: string, partition: number, message: KafkaMessage): Promise<void> {
    const value = parseValue(message.value);
    if (value === NOT_JSON) {
      await park(topic, partition, message, 'not-json', 'the value is not JSON', 1);
      return;
    }
    const parsed = integrationEventSchema.safeParse(value);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      const error = `no version of the integration event contract describes it (${issues.slice(0, 5).join('; ')})`;
      await park(topic, partition, message, 'not-an-integration-event', error, 1);
      return;
    }
    const traceparent = headerText(message.headers?.traceparent);
    await inSpansPerTrace(
      `notification handle ${topic}`,
      [traceparent],
      (childOf) =>
        context.with(contextOfTraceparent(childOf(traceparent)), () =>
          handleEvent(topic, partition, message, parsed.data),
        ),
      SpanKind.CONSUMER,
    );
  }

  async function handleEvent(
    topic: string,
    partition: number,
    message: KafkaMessage,
    event: IntegrationEvent,
  ): Promise<void> {
    for (let tries = 1; ; tries++) {
      try {
        // Not inside `onHandled?.(…)`: without a listener that would skip the call itself.
        const outcome = await notifyClaimant(options, event);
        options.onHandled?.(outcome, event);
        return;
      } catch (error) {
        options.onError?.(error);
        // Postgres away: every message would fail alike; wait for it instead of parking them.
        if (isTransient(error) || stopped) throw error;
        if (tries >= attempts) {
          const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
          await park(topic, partition, message, 'handler-failed', text, tries);
          return;
        }
        await new Promise((r) => setTimeout(r, backoffMs * 2 ** (tries - 1)));
      }
    }
  }

  // Cuts short the dead-letter topic's wait for its brokers when the consumer stops.
  const stopSignal = new AbortController();
  const starting = (async () => {
    while (!stopped) {
      const candidate = options.kafka.consumer({
        groupId: options.groupId,
        sessionTimeout: options.sessionTimeoutMs ?? 6_000,
        rebalanceTimeout: options.rebalanceTimeoutMs ?? 3_000,
        heartbeatInterval: 500,
        allowAutoTopicCreation: false,
        // Committed records only (kafkajs's default, said here because it matters): the
        // relay's aborted transactions are never mailed (decision 145).
        readUncommitted: false,
        // After a crash (the broker was away) start again within a second of its return.
        retry: { initialRetryTime: 250, maxRetryTime: 1_000, retries: 10 },
      });
      const dlqProducer = options.kafka.producer({ allowAutoTopicCreation: false });
      try {
        await admin.connect();
        // One partition is plenty: parked messages are rare and read by people, not by
        // throughput. Replicated like the main topic, so a parked message survives a broker.
        await ensureTopic(admin, dlq, {
          ...options.deadLetterReplication,
          partitions: 1,
          signal: stopSignal.signal,
        });
        await dlqProducer.connect();
        producer = dlqProducer;
        candidate.on(candidate.events.GROUP_JOIN, ({ payload }) =>
          options.onJoined?.(payload.memberAssignment[options.topic] ?? []),
        );
        candidate.on(candidate.events.END_BATCH_PROCESS, ({ payload }) =>
          commitPastMarkers(candidate, payload),
        );
        await candidate.connect();
        await candidate.subscribe({
          topic: options.topic,
          fromBeginning: options.fromBeginning ?? true,
        });
        await candidate.run({
          partitionsConsumedConcurrently: 3,
          eachMessage: ({ topic, partition, message }) => handle(topic, partition, message),
        });
        consumer = candidate;
        return;
      } catch (error) {
        if (!stopped) options.onError?.(error);
        await candidate.disconnect().catch(() => {});
        await dlqProducer.disconnect().catch(() => {});
        await pause(RETRY_MS);
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      stopSignal.abort();
      wake();
      unregister();
      await starting;
      // disconnect() leaves the group: the partitions move to another member at once.
      await consumer?.disconnect().catch(() => {});
      await producer?.disconnect().catch(() => {});
      await admin.disconnect().catch(() => {});
    },
  };
}

/**
 * The relay's transactions end each partition they wrote to with a commit marker (decision
 * 145). kafkajs steps over a batch of markers alone but commits that step only with the next
 * message, so the group would stay one offset behind the end of each partition while the topic
 * is quiet: a lag that never drains in health and metrics. This commits the step at once, the
 * offset kafkajs has already resolved.
 */
function commitPastMarkers(
  consumer: Consumer,
  batch: { topic: string; partition: number; batchSize: number; lastOffset: string },
): void {
  if (batch.batchSize > 0) return;
  const offset = (BigInt(batch.lastOffset) + 1n).toString();
  void consumer
    .commitOffsets([{ topic: batch.topic, partition: batch.partition, offset }])
    .catch(() => {});
}

/** The group's lag on the topic and how many messages were parked, for /api/health. */
async function consumerStatus(
  admin: Admin,
  groupId: string,
  topic: string,
): Promise<ConsumerStatus> {
  const [committed, ends, parked] = await Promise.all([
    admin.fetchOffsets({ groupId, topics: [topic] }),
    admin.fetchTopicOffsets(topic),
    admin.fetchTopicOffsets(deadLetterTopic(topic)).catch(() => []),
  ]);
  const done = new Map(
    (committed[0]?.partitions ?? []).map((p) => [p.partition, BigInt(p.offset)] as const),
  );
  let lag = 0n;
  for (const end of ends) {
    const at = done.get(end.partition) ?? -1n;
    lag += BigInt(end.high) - (at < 0n ? BigInt(end.low) : at);
  }
  const deadLetters = parked.reduce((sum, p) => sum + BigInt(p.high) - BigInt(p.low), 0n);
  return { groupId, topic, lag: Number(lag), deadLetters: Number(deadLetters) };
}

const TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '53300']);

/** A connection-level failure of Postgres (class 08, 57P shutdowns, a lost socket) or of SMTP. */
function isTransient(error: unknown): boolean {
  const { code, message, name } = (error ?? {}) as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
  };
  // SMTP away (a mailer without the queue): the mail is the point, so wait, do not park.
  if (name === 'MailDeliveryError') return true;
  if (typeof code === 'string' && (TRANSIENT_CODES.has(code) || /^(08|57P)/.test(code))) {
    return true;
  }
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
      message,
    )
  );
}

/** A header's text (kafkajs gives a Buffer, or an array when a header repeats). */
function headerText(value: IHeaders[string]): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

const NOT_JSON = Symbol('not JSON');

function parseValue(value: Buffer | null): unknown {
  try {
    return JSON.parse(value?.toString('utf8') ?? 'null');
  } catch {
    return NOT_JSON;
  }
}
