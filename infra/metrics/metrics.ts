import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The portal's Prometheus series (decision 072). Labels are bounded: a route pattern (never a
 * path with ids), a method, a status, a projection or limit name, an outcome. Nothing that
 * names a person, a claim or a secret ever becomes a label.
 */
export interface PortalMetrics {
  readonly registry: Registry;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly appendDuration: Histogram<'outcome'>;
  readonly appendBatchEvents: Histogram;
  readonly appendBatchAppends: Histogram;
  readonly projectionLagEvents: Gauge<'projection'>;
  readonly projectionLagSeconds: Gauge<'projection'>;
  readonly heldBackEvents: Gauge;
  readonly heldBackSeconds: Gauge;
  readonly oldestOpenTransactionSeconds: Gauge;
  readonly relayLagEvents: Gauge;
  readonly relayLagSeconds: Gauge;
  readonly relayParkedEvents: Gauge;
  readonly relayLastPublished: Gauge;
  readonly relayLeader: Gauge;
  readonly brokerReachable: Gauge;
  readonly consumerLag: Gauge;
  readonly consumerDeadLetters: Gauge;
  readonly mailQueueDepth: Gauge;
  readonly mailQueueOldestSeconds: Gauge;
  readonly mailDeadLetters: Gauge;
  readonly rateLimitRefusals: Counter<'limit' | 'reason'>;
  readonly documentIntegrityRefusals: Counter<'copy'>;
  readonly inspectionDuration: Histogram<'outcome'>;
  readonly inspectionQueued: Gauge;
  readonly sourceUp: Gauge<'source'>;
  readonly sourceStale: Gauge<'source'>;
  readonly sourceLastSuccess: Gauge<'source'>;
}

// Seconds: from a cached page (~1 ms) to a claim with documents near its deadline.
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const APPEND_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
const BATCH_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500];
const INSPECTION_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

function createMetrics(): PortalMetrics {
  const registry = new Registry();
  // Process memory, CPU, handles, GC and event-loop delay (monitored every 10 ms).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const registers = [registry];
  const gauge = <L extends string = never>(name: string, help: string, labelNames?: L[]) =>
    new Gauge<L>({ name, help, labelNames: labelNames ?? [], registers });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'claims_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, from arrival to the last byte',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    appendDuration: new Histogram({
      name: 'claims_eventstore_append_duration_seconds',
      help: 'Event store appends, from the call to its answer (group commit included)',
      labelNames: ['outcome'],
      buckets: APPEND_BUCKETS,
      registers,
    }),
    appendBatchEvents: new Histogram({
      name: 'claims_eventstore_append_batch_events',
      help: 'Events written by one group-commit transaction',
      buckets: BATCH_BUCKETS,
      registers,
    }),
    appendBatchAppends: new Histogram({
      name: 'claims_eventstore_append_batch_appends',
      help: 'Appends (streams) sharing one group-commit transaction',
      buckets: BATCH_BUCKETS,
      registers,
    }),
    projectionLagEvents: gauge(
      'claims_projection_lag_events',
      'Events a projection has not applied yet, those held back by an open transaction included',
      ['projection'],
    ),
    projectionLagSeconds: gauge(
      'claims_projection_lag_seconds',
      'Age of the oldest event a projection has not applied yet (held-back events included)',
      ['projection'],
    ),
    heldBackEvents: gauge(
      'claims_eventstore_held_back_events',
      'Committed events no follower can read yet: an older transaction is still open',
    ),
    heldBackSeconds: gauge(
      'claims_eventstore_held_back_seconds',
      'Age of the oldest committed event held back by an open transaction',
    ),
    oldestOpenTransactionSeconds: gauge(
      'claims_postgres_oldest_open_transaction_seconds',
      'How long the oldest transaction holding an xid has been open',
    ),
    relayLagEvents: gauge(
      'claims_kafka_relay_lag_events',
      'Events in the log the Kafka relay has not published yet',
    ),
    relayLagSeconds: gauge(
      'claims_kafka_relay_lag_seconds',
      'Age of the oldest event the Kafka relay has not published yet',
    ),
    relayParkedEvents: gauge(
      'claims_kafka_relay_parked_events',
      'Events the relay parked because it cannot map them',
    ),
    relayLastPublished: gauge(
      'claims_kafka_relay_last_published_timestamp_seconds',
      'When this process last published to Kafka (Unix time; 0 if never)',
    ),
    relayLeader: gauge(
      'claims_kafka_relay_leader',
      '1 while this process leads the relay (one leader per topic across processes)',
    ),
    brokerReachable: gauge(
      'claims_kafka_broker_reachable',
      '1 when the Kafka cluster answered the last probe',
    ),
    consumerLag: gauge(
      'claims_kafka_consumer_lag_messages',
      'Messages on the topic the notification consumer group has not committed',
    ),
    consumerDeadLetters: gauge(
      'claims_kafka_consumer_dead_letters',
      'Messages parked in the notification dead-letter topic',
    ),
    mailQueueDepth: gauge('claims_mail_queue_depth', 'Mail waiting to be sent'),
    mailQueueOldestSeconds: gauge(
      'claims_mail_queue_oldest_seconds',
      'How long the oldest waiting mail has waited',
    ),
    mailDeadLetters: gauge(
      'claims_mail_dead_letters',
      'Mail not delivered within its retry window (npm run mail -- requeue)',
    ),
    rateLimitRefusals: new Counter({
      name: 'claims_rate_limit_refusals_total',
      help: 'Requests refused with 429, by limit name and reason',
      labelNames: ['limit', 'reason'],
      registers,
    }),
    documentIntegrityRefusals: new Counter({
      name: 'claims_document_integrity_refusals_total',
      help: 'Document reads refused because the stored bytes do not match their recorded sha256, by copy',
      labelNames: ['copy'],
      registers,
    }),
    inspectionDuration: new Histogram({
      name: 'claims_document_inspection_duration_seconds',
      help: 'Uploaded-file inspection per request, queue wait included, by outcome',
      labelNames: ['outcome'],
      buckets: INSPECTION_BUCKETS,
      registers,
    }),
    inspectionQueued: gauge(
      'claims_document_inspection_queued_files',
      'Files waiting for a free inspection worker',
    ),
    sourceUp: gauge(
      'claims_metrics_source_up',
      '1 when the source a group of gauges is read from answered at the last scrape',
      ['source'],
    ),
    sourceStale: gauge(
      'claims_metrics_source_stale',
      '1 while the source’s gauges hold values from an earlier scrape (it failed or was late)',
      ['source'],
    ),
    sourceLastSuccess: gauge(
      'claims_metrics_source_last_success_seconds',
      'Unix time the source last answered within its deadline',
      ['source'],
    ),
  };
}

// On globalThis: the bundled site loads its own copy of this module, as for the runtime.
const KEY = Symbol.for('claims-portal.metrics');
type Holder = { [KEY]?: PortalMetrics };

/** The process's metrics, created on first use. */
export function portalMetrics(): PortalMetrics {
  const holder = globalThis as Holder;
  holder[KEY] ??= createMetrics();
  return holder[KEY];
}

/** Seconds since `started` (a `performance.now()` reading). */
export const secondsSince = (started: number) => (performance.now() - started) / 1000;
