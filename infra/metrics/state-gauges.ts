import { readHorizon } from '@infra/eventstore/postgres/read-horizon';
import { kafkaHealth } from '@infra/kafka/kafka-health';
import { notificationConsumerStatus } from '@infra/kafka/notifications/consumer-status';
import { mailQueueHealth } from '@infra/mail/mail-dead-letters';
import type { Runtime } from '@infra/runtime';
import { projections } from '@projections/index';
import { projectionLag } from '@projections/runner/projection-lag';
import type { Gauge } from 'prom-client';
import type { PortalMetrics } from './metrics';

/**
 * How long one source may take at a scrape (issue 44): the sources are read side by side, so
 * a scrape answers within about this, whatever Postgres and Kafka do.
 */
const SOURCE_DEADLINE_MS = 1_500;

/**
 * The gauges that describe state rather than count work (lag, queues), read at scrape time
 * from the same sources as /api/health, so the two never disagree. A source that fails or
 * misses its deadline sets `claims_metrics_source_up{source}` to 0 and
 * `claims_metrics_source_stale{source}` to 1, and leaves its gauges as they were.
 */
export async function refreshStateGauges(
  metrics: PortalMetrics,
  runtime: Runtime,
  deadlineMs = SOURCE_DEADLINE_MS,
): Promise<void> {
  const relay = [
    metrics.brokerReachable,
    metrics.relayLeader,
    metrics.relayLagEvents,
    metrics.relayLagSeconds,
    metrics.relayParkedEvents,
    metrics.relayLastPublished,
  ];
  const consumer = [metrics.consumerLag, metrics.consumerDeadLetters];
  await Promise.all([
    read(metrics, deadlineMs, 'projections', () => projectionGauges(metrics, runtime)),
    read(metrics, deadlineMs, 'mail', () => mailGauges(metrics, runtime)),
    read(metrics, deadlineMs, 'kafka_relay', () => relayGauges(metrics), relay),
    read(metrics, deadlineMs, 'kafka_consumer', () => consumerGauges(metrics), consumer),
  ]);
  const inspection = runtime.inspector.stats();
  metrics.inspectionQueued.set(inspection.queued);
}

/**
 * Refreshes one source's gauges. A source that does not run in this process (no Kafka, or
 * its consumer not started yet) leaves its series out rather than report an unreachable
 * broker or a relay at 0; they come back once it runs.
 */
async function read(
  metrics: PortalMetrics,
  deadlineMs: number,
  source: string,
  refresh: () => Promise<boolean>,
  series: readonly Gauge[] = [],
): Promise<void> {
  const { registry } = metrics;
  try {
    const present = await withinDeadline(source, refresh, deadlineMs);
    for (const gauge of series) {
      const name = (gauge as unknown as { name: string }).name;
      const registered = registry.getSingleMetric(name) !== undefined;
      if (present && !registered) registry.registerMetric(gauge);
      if (!present && registered) registry.removeSingleMetric(name);
    }
    if (present) {
      metrics.sourceUp.set({ source }, 1);
      metrics.sourceStale.set({ source }, 0);
      metrics.sourceLastSuccess.set({ source }, Date.now() / 1000);
    }
  } catch {
    metrics.sourceUp.set({ source }, 0);
    metrics.sourceStale.set({ source }, 1);
  }
}

/** A source still being read from an earlier scrape: a frozen one is not asked again. */
const inFlight = new Map<string, Promise<boolean>>();

function withinDeadline(
  source: string,
  refresh: () => Promise<boolean>,
  deadlineMs: number,
): Promise<boolean> {
  let reading = inFlight.get(source);
  if (!reading) {
    reading = refresh().finally(() => inFlight.delete(source));
    inFlight.set(source, reading);
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${source}: no answer within ${deadlineMs} ms`)),
      deadlineMs,
    );
  });
  return Promise.race([reading, late]).finally(() => clearTimeout(timer));
}

async function projectionGauges(metrics: PortalMetrics, runtime: Runtime): Promise<boolean> {
  const now = new Date();
  // The Postgres log's followers read below the oldest open transaction (EventStoreDB: no such horizon).
  const horizon = runtime.config.EVENTSTORE_URL ? undefined : await readHorizon(runtime.pool);
  const lags = await Promise.all(
    projections.map((projection) =>
      projectionLag(runtime.pool, runtime.eventStore, projection, now, horizon),
    ),
  );
  for (const lag of lags) {
    metrics.projectionLagEvents.set({ projection: lag.projection }, lag.eventsBehind);
    metrics.projectionLagSeconds.set({ projection: lag.projection }, lag.secondsBehind);
  }
  metrics.heldBackEvents.set(horizon?.eventsHeldBack ?? 0);
  metrics.heldBackSeconds.set(horizon?.heldBackSeconds ?? 0);
  metrics.oldestOpenTransactionSeconds.set(horizon?.oldestOpenTransaction?.seconds ?? 0);
  return true;
}

async function mailGauges(metrics: PortalMetrics, runtime: Runtime): Promise<boolean> {
  const mail = await mailQueueHealth(runtime.pool);
  metrics.mailQueueDepth.set(mail.queued);
  metrics.mailQueueOldestSeconds.set(mail.oldestQueuedSeconds);
  metrics.mailDeadLetters.set(mail.deadLetters);
  return true;
}

async function relayGauges(metrics: PortalMetrics): Promise<boolean> {
  const health = await kafkaHealth();
  if (!health) return false;
  metrics.brokerReachable.set(health.broker.reachable ? 1 : 0);
  metrics.relayLeader.set(health.relay.role === 'leader' ? 1 : 0);
  metrics.relayLagEvents.set(health.relay.eventsBehind);
  metrics.relayLagSeconds.set(health.relay.secondsBehind);
  metrics.relayParkedEvents.set(health.parked.events);
  const last = health.relay.lastPublishedAt;
  metrics.relayLastPublished.set(last ? Date.parse(last) / 1000 : 0);
  return true;
}

async function consumerGauges(metrics: PortalMetrics): Promise<boolean> {
  const status = await notificationConsumerStatus();
  if (!status) return false;
  if ('error' in status) throw new Error(status.error);
  metrics.consumerLag.set(status.lag);
  metrics.consumerDeadLetters.set(status.deadLetters);
  return true;
}
