import { readHorizon } from '@infra/eventstore/postgres/read-horizon';
import { type KafkaHealth, kafkaHealth } from '@infra/kafka/kafka-health';
import {
  type ConsumerStatus,
  notificationConsumerStatus,
} from '@infra/kafka/notifications/consumer-status';
import { mailQueueHealth } from '@infra/mail/mail-dead-letters';
import type { Runtime } from '@infra/runtime';
import { projections } from '@projections/index';
import { projectionLag } from '@projections/runner/projection-lag';
import { judgeReadiness, type Readiness, type ReadinessInputs, type Reading } from './readiness';

/** Each dependency read inline gets this long; readiness answers within about this. */
const READY_CHECK_MS = 500;
/** How often the background reads Kafka: health never waits on a broker. */
const KAFKA_WATCH_MS = 1_000;
/** The background's own bound on one Kafka reading (a reading past it counts as failed). */
const KAFKA_READING_MS = 5_000;

async function bounded<T>(read: () => Promise<T>, ms: number): Promise<Reading<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Reading<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: `no answer within ${ms} ms` }), ms);
  });
  const reading = read().then(
    (value): Reading<T> => ({ ok: true, value }),
    (error: unknown): Reading<T> => ({
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
  return Promise.race([reading, late]).finally(() => clearTimeout(timer));
}

export interface ReadyReport extends Readiness {
  readonly checkedAt: string;
  readonly inputs: ReadinessInputs;
}

/** Postgres and the read side read now, each within its bound; Kafka from the background. */
export async function readReadiness(
  runtime: Runtime,
  bound = READY_CHECK_MS,
): Promise<ReadyReport> {
  const now = new Date();
  const [database, lags, mail] = await Promise.all([
    bounded(async () => {
      await runtime.pool.query('select 1');
      return true as const;
    }, bound),
    bounded(async () => {
      const horizon = runtime.config.EVENTSTORE_URL ? undefined : await readHorizon(runtime.pool);
      return Promise.all(
        projections.map((p) => projectionLag(runtime.pool, runtime.eventStore, p, now, horizon)),
      );
    }, bound),
    bounded(() => mailQueueHealth(runtime.pool), bound),
  ]);
  const watched = kafkaWatch();
  const inputs: ReadinessInputs = {
    database,
    projections: lags,
    mail,
    ...(watched.kafka ? { kafka: watched.kafka } : {}),
    ...(watched.notifications ? { notifications: watched.notifications } : {}),
  };
  return { ...judgeReadiness(inputs), checkedAt: now.toISOString(), inputs };
}

interface Watched<T> {
  at: number;
  reading: Reading<T>;
}
interface Watch {
  kafka?: Watched<KafkaHealth>;
  notifications?: Watched<ConsumerStatus>;
  timer?: NodeJS.Timeout;
}

// On globalThis: one background reader per process, whichever copy of this module asks.
const KEY = Symbol.for('claims-portal.ready-kafka-watch');
type Holder = { [KEY]?: Watch };

/** The last background readings, with their age; started at the first readiness check. */
function kafkaWatch(): Pick<ReadinessInputs, 'kafka' | 'notifications'> {
  const holder = globalThis as Holder;
  holder[KEY] ??= {};
  const watch = holder[KEY];
  if (!watch.timer) {
    let reading = false;
    const tick = async () => {
      if (reading) return;
      reading = true;
      try {
        await readKafkaInto(watch);
      } finally {
        reading = false;
      }
    };
    watch.timer = setInterval(() => void tick(), KAFKA_WATCH_MS).unref();
    void tick();
  }
  const age = (at: number) => (performance.now() - at) / 1000;
  return {
    ...(watch.kafka
      ? { kafka: { ageSeconds: age(watch.kafka.at), health: watch.kafka.reading } }
      : {}),
    ...(watch.notifications
      ? {
          notifications: {
            ageSeconds: age(watch.notifications.at),
            status: watch.notifications.reading,
          },
        }
      : {}),
  };
}

async function readKafkaInto(watch: Watch): Promise<void> {
  const health = kafkaHealth();
  if (health)
    watch.kafka = { at: performance.now(), reading: await bounded(() => health, KAFKA_READING_MS) };
  else watch.kafka = undefined;
  const consumer = await notificationConsumerStatus().catch((error: unknown) => ({
    error: error instanceof Error ? error.message : String(error),
  }));
  if (!consumer) watch.notifications = undefined;
  else
    watch.notifications = {
      at: performance.now(),
      reading:
        'error' in consumer ? { ok: false, error: consumer.error } : { ok: true, value: consumer },
    };
}
