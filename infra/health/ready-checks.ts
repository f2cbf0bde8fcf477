import { readHorizon } from '@infra/eventstore/postgres/read-horizon';
import { type KafkaHealth, kafkaHealth } from '@infra/kafka/kafka-health';
import {
  type ConsumerStatus,
  notificationConsumerStatus,
} from '@infra/kafka/notifications/consumer-status';
import { type MailQueueHealth, mailQueueHealth } from '@infra/mail/mail-dead-letters';
import type { Runtime } from '@infra/runtime';
import { projections } from '@projections/index';
import { type ProjectionLag, projectionLag } from '@projections/runner/projection-lag';
import { judgeReadiness, type Readiness, type ReadinessInputs, type Reading } from './readiness';

/** Each dependency read inline gets this long; readiness answers within about this. */
const READY_CHECK_MS = 500;
/** How often the background reads Kafka: health never waits on a broker. */
const KAFKA_WATCH_MS = 1_000; // the Postgres readings too
/** The background's own bound on one Kafka reading (a reading past it counts as failed). */
const KAFKA_READING_MS = 5_000;
/** The background's bound on reading the read side's lag and the mail queue. */
const POSTGRES_READING_MS = 2_000;
/** A background reading older than this says nothing about now. */
const STALE_READING_SECONDS = 15;

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

/**
 * The database is asked now (`select 1`, within its bound: a frozen Postgres is `down` at
 * once); the read side, the mail queue and Kafka come from readings the process takes in the
 * background every second, so a slow lag count or an absent broker never slows readiness.
 */
export async function readReadiness(
  runtime: Runtime,
  bound = READY_CHECK_MS,
): Promise<ReadyReport> {
  const now = new Date();
  const database = await bounded(async () => {
    await runtime.pool.query('select 1');
    return true as const;
  }, bound);
  const watched = backgroundReadings(runtime);
  const inputs: ReadinessInputs = {
    database,
    projections: watched.projections,
    mail: watched.mail,
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
  projections?: Watched<readonly ProjectionLag[]>;
  mail?: Watched<MailQueueHealth>;
  kafka?: Watched<KafkaHealth>;
  notifications?: Watched<ConsumerStatus>;
  timer?: NodeJS.Timeout;
}

// On globalThis: one background reader per process, whichever copy of this module asks.
const KEY = Symbol.for('claims-portal.ready-kafka-watch');
type Holder = { [KEY]?: Watch };

/** The last background readings, with their age; started at the first readiness check. */
function backgroundReadings(
  runtime: Runtime,
): Pick<ReadinessInputs, 'projections' | 'mail' | 'kafka' | 'notifications'> {
  const holder = globalThis as Holder;
  holder[KEY] ??= {};
  const watch = holder[KEY];
  if (!watch.timer) {
    let reading = false;
    const tick = async () => {
      if (reading) return;
      reading = true;
      try {
        await Promise.all([readPostgresInto(watch, runtime), readKafkaInto(watch)]);
      } finally {
        reading = false;
      }
    };
    watch.timer = setInterval(() => void tick(), KAFKA_WATCH_MS).unref();
    void tick();
  }
  const age = (at: number) => (performance.now() - at) / 1000;
  return {
    projections: fresh(watch.projections, age),
    mail: fresh(watch.mail, age),
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

/** A background reading, or why there is none: not taken yet, or too old to trust. */
function fresh<T>(watched: Watched<T> | undefined, age: (at: number) => number): Reading<T> {
  if (!watched) return { ok: false, error: 'not read yet' };
  const seconds = age(watched.at);
  if (seconds > STALE_READING_SECONDS)
    return { ok: false, error: `no reading for ${Math.round(seconds)} s` };
  return watched.reading;
}

async function readPostgresInto(watch: Watch, runtime: Runtime): Promise<void> {
  const [projectionLags, mail] = await Promise.all([
    bounded(async () => {
      const now = new Date();
      const horizon = runtime.config.EVENTSTORE_URL ? undefined : await readHorizon(runtime.pool);
      return Promise.all(
        projections.map((p) => projectionLag(runtime.pool, runtime.eventStore, p, now, horizon)),
      );
    }, POSTGRES_READING_MS),
    bounded(() => mailQueueHealth(runtime.pool), POSTGRES_READING_MS),
  ]);
  watch.projections = { at: performance.now(), reading: projectionLags };
  watch.mail = { at: performance.now(), reading: mail };
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
