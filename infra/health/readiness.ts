import type { KafkaHealth } from '@infra/kafka/kafka-health';
import type { ConsumerStatus } from '@infra/kafka/notifications/consumer-status';
import type { MailQueueHealth } from '@infra/mail/mail-dead-letters';
import type { ProjectionLag } from '@projections/runner/projection-lag';

type ReadyStatus = 'ok' | 'degraded' | 'down';

/** Past these, the portal still answers but someone should look (each named in the README). */
const READY_LIMITS = {
  projectionSecondsBehind: 30,
  mailOldestQueuedSeconds: 300,
  relaySecondsBehind: 60,
  consumerLagMessages: 1_000,
  /** A background Kafka reading older than this is no reading at all. */
  kafkaReadingAgeSeconds: 15,
} as const;

/** What one check saw: a value, or why there is none (failed, or late past its bound). */
export type Reading<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: string };

export interface ReadinessInputs {
  readonly database: Reading<true>;
  readonly projections: Reading<readonly ProjectionLag[]>;
  readonly mail: Reading<MailQueueHealth>;
  /** Undefined when this process runs no Kafka relay; else its last background reading. */
  readonly kafka?: { readonly ageSeconds: number; readonly health: Reading<KafkaHealth> };
  readonly notifications?: {
    readonly ageSeconds: number;
    readonly status: Reading<ConsumerStatus>;
  };
}

export interface Readiness {
  readonly status: ReadyStatus;
  /** One line per reason the status is not `ok`, naming the dependency. */
  readonly reasons: readonly string[];
}

/**
 * The verdict of /api/health/ready: `down` when the portal cannot serve (its database does not
 * answer), `degraded` when it serves but something behind it is late or away, `ok` otherwise.
 */
export function judgeReadiness(inputs: ReadinessInputs): Readiness {
  const down: string[] = [];
  const degraded: string[] = [];
  if (!inputs.database.ok) down.push(`database: ${inputs.database.error}`);
  if (!inputs.projections.ok) degraded.push(`projections: ${inputs.projections.error}`);
  else
    for (const lag of inputs.projections.value)
      if (lag.secondsBehind > READY_LIMITS.projectionSecondsBehind)
        degraded.push(`projection ${lag.projection}: ${Math.round(lag.secondsBehind)} s behind`);
  if (!inputs.mail.ok) degraded.push(`mail queue: ${inputs.mail.error}`);
  else {
    const mail = inputs.mail.value;
    if (mail.oldestQueuedSeconds > READY_LIMITS.mailOldestQueuedSeconds)
      degraded.push(`mail queue: oldest message waiting ${Math.round(mail.oldestQueuedSeconds)} s`);
    if (mail.deadLetters > 0) degraded.push(`mail queue: ${mail.deadLetters} dead letter(s)`);
  }
  if (inputs.kafka) degraded.push(...kafkaReasons(inputs.kafka));
  if (inputs.notifications) degraded.push(...consumerReasons(inputs.notifications));
  const status: ReadyStatus = down.length > 0 ? 'down' : degraded.length > 0 ? 'degraded' : 'ok';
  return { status, reasons: [...down, ...degraded] };
}

function kafkaReasons(kafka: NonNullable<ReadinessInputs['kafka']>): string[] {
  if (kafka.ageSeconds > READY_LIMITS.kafkaReadingAgeSeconds)
    return [`kafka: no reading for ${Math.round(kafka.ageSeconds)} s`];
  if (!kafka.health.ok) return [`kafka: ${kafka.health.error}`];
  const { broker, relay, parked } = kafka.health.value;
  const reasons: string[] = [];
  if (!broker.reachable) reasons.push(`kafka: broker unreachable (${broker.error ?? 'no answer'})`);
  if (relay.role !== 'leader' && relay.role !== 'standby')
    reasons.push(`kafka relay: ${relay.role}`);
  if (relay.secondsBehind > READY_LIMITS.relaySecondsBehind)
    reasons.push(`kafka relay: stalled, ${Math.round(relay.secondsBehind)} s behind`);
  if (parked.events > 0) reasons.push(`kafka relay: ${parked.events} event(s) parked`);
  return reasons;
}

function consumerReasons(consumer: NonNullable<ReadinessInputs['notifications']>): string[] {
  if (consumer.ageSeconds > READY_LIMITS.kafkaReadingAgeSeconds)
    return [`notifications: no reading for ${Math.round(consumer.ageSeconds)} s`];
  if (!consumer.status.ok) return [`notifications: ${consumer.status.error}`];
  const { lag, deadLetters } = consumer.status.value;
  const reasons: string[] = [];
  if (lag > READY_LIMITS.consumerLagMessages)
    reasons.push(`notifications: ${lag} message(s) behind`);
  if (deadLetters > 0) reasons.push(`notifications: ${deadLetters} dead letter(s)`);
  return reasons;
}
