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
  const lags = await Promise.all(
    projections.map((projection) =>
      projectionLag(runtime.pool, runtime.eventStore, projection, now),
    ),
  );
  // Mail waiting and dead letters; the consumer's lag and parked messages when Kafka is on.
  const [mail, notifications] = await Promise.all([
    mailQueueHealth(runtime.pool),
    notificationConsumerStatus(),
  ]);
  return json(
    { status: 'ok', checkedAt: now.toISOString(), projections: lags, mail, notifications },
    200,
    { 'cache-control': 'no-store' },
  );
});
