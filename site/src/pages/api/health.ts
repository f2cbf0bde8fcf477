import { readHorizon } from '@infra/eventstore/postgres/read-horizon';
import { kafkaHealth } from '@infra/kafka/kafka-health';
import { notificationConsumerStatus } from '@infra/kafka/notifications/consumer-status';
import { mailQueueHealth } from '@infra/mail/mail-dead-letters';
import { getRuntime } from '@infra/runtime';
import { projections } from '@projections/index';
import { projectionLag } from '@projections/runner/projection-lag';
import { apiRoute, json } from '@site/lib/api-route.server';

export const prerender = false;

/** Liveness and read-model lag: 200 while the database answers, with each projection's lag. */
export const GET = apiRoute(async () => {
  const runtime = await getRuntime();
  const now = new Date();
  // The Postgres log's followers read below the oldest open transaction (EventStoreDB: no such horizon).
  const horizon = runtime.config.EVENTSTORE_URL ? undefined : await readHorizon(runtime.pool);
  const [lags, kafka, mail, notifications] = await Promise.all([
    Promise.all(
      projections.map((projection) =>
        projectionLag(runtime.pool, runtime.eventStore, projection, now, horizon),
      ),
    ),
    kafkaHealth(),
    // Mail waiting and dead letters; the consumer's lag and parked messages when Kafka is on.
    mailQueueHealth(runtime.pool),
    notificationConsumerStatus(),
  ]);
  // Document inspection (decision 049): workers alive, files being judged, files waiting.
  const inspection = runtime.inspector.stats();
  return json(
    {
      status: 'ok',
      checkedAt: now.toISOString(),
      projections: lags,
      eventStore: horizon ?? null,
      kafka: kafka ?? null,
      mail,
      notifications,
      inspection,
    },
    200,
    { 'cache-control': 'no-store' },
  );
});
