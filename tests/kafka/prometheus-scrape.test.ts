import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { sampleEvent } from '@infra/eventstore/testing/sample-event';
import {
  call,
  claimWithFiles,
  type PortalUnderTest,
  startPortalUnderTest,
} from '@tests/faults/portal-under-test';
import { signInAsDemoCustomerAt } from '@tests/support/demo-customer-sign-in';
import { freePort } from '@tests/support/free-port';
import {
  type ExportedSpan,
  type OtlpCollector,
  startOtlpCollector,
} from '@tests/support/otlp-collector';
import { TestBrowser } from '@tests/support/oidc-test-provider';

const RULES = resolve(
  fileURLToPath(new URL('../../infra/observability/alerts.yml', import.meta.url)),
);
// Debian's prometheus package (installed by .ci/run).
const PROMETHEUS = process.env.PROMETHEUS ?? '/usr/bin/prometheus';

/** Every series the operator's alerts and dashboard read (decision 072). */
const SERIES = [
  'claims_http_request_duration_seconds',
  'claims_eventstore_append_duration_seconds',
  'claims_eventstore_append_batch_events',
  'claims_eventstore_append_batch_appends',
  'claims_projection_lag_events',
  'claims_projection_lag_seconds',
  'claims_eventstore_held_back_events',
  'claims_eventstore_held_back_seconds',
  'claims_postgres_oldest_open_transaction_seconds',
  'claims_kafka_relay_lag_events',
  'claims_kafka_relay_lag_seconds',
  'claims_kafka_relay_parked_events',
  'claims_kafka_relay_last_published_timestamp_seconds',
  'claims_kafka_relay_leader',
  'claims_kafka_broker_reachable',
  'claims_kafka_consumer_lag_messages',
  'claims_kafka_consumer_dead_letters',
  'claims_mail_queue_depth',
  'claims_mail_queue_oldest_seconds',
  'claims_mail_dead_letters',
  'claims_rate_limit_refusals_total',
  'claims_document_inspection_duration_seconds',
  'claims_document_inspection_queued_files',
  'claims_metrics_source_up',
  'process_resident_memory_bytes',
  'nodejs_heap_size_used_bytes',
  'nodejs_eventloop_lag_p99_seconds',
];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface QueryResult {
  metric: Record<string, string>;
  value: [number, string];
}

describe('a running portal observed: Prometheus scrapes it, OTLP receives its spans (real launcher, Kafka broker, Debian Prometheus)', () => {
  const token = randomBytes(24).toString('hex');
  let portal: PortalUnderTest;
  let metricsUrl: string;
  let prometheus: ChildProcess | undefined;
  let prometheusUrl: string;
  let promDir: string;
  let collector: OtlpCollector | undefined;
  const exported: ExportedSpan[] = [];

  beforeAll(async () => {
    if (!existsSync(PROMETHEUS))
      throw new Error(`${PROMETHEUS} is missing: apt-get install prometheus (.ci/run does)`);
    const metricsPort = await freePort();
    collector = await startOtlpCollector(exported);
    portal = await startPortalUnderTest({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: token,
      KAFKA_BROKERS: inject('kafkaBrokers'),
      KAFKA_TOPIC: `claims-metrics-${randomUUID()}`,
      KAFKA_TOPIC_PARTITIONS: '1',
      KAFKA_NOTIFICATIONS_GROUP: `notifications-${randomUUID()}`,
      DEMO_DATA: 'on',
    });
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    // Traffic for the request series: a claim with files (inspection, appends), a page, an
    // API route with an id, and refusals. The sign-in comes before the refusals use up its limit.
    const customer = new TestBrowser();
    await signInAsDemoCustomerAt(customer, portal.base, portal.dataDir);
    const submitted = await call(customer, portal.base, '/api/claims', claimWithFiles('metrics'));
    expect(submitted.status).toBe(201);
    await fetch(`${portal.base}/en/`);
    await fetch(`${portal.base}/api/claims/${randomUUID()}`);
    await fetch(`${portal.base}/api/health`);
    await signInStartsUntilRefused(portal.base);

    promDir = await mkdtemp(join(tmpdir(), 'claims-prometheus-'));
    await writeFile(join(promDir, 'token'), token);
    await writeFile(
      join(promDir, 'prometheus.yml'),
      [
        'global:',
        '  scrape_interval: 1s',
        '  evaluation_interval: 1s',
        'rule_files:',
        `  - ${RULES}`,
        'scrape_configs:',
        '  - job_name: claims-portal',
        '    authorization:',
        `      credentials_file: ${join(promDir, 'token')}`,
        '    static_configs:',
        `      - targets: ['127.0.0.1:${metricsPort}']`,
        '',
      ].join('\n'),
    );
    const port = await freePort();
    prometheusUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${join(promDir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(promDir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
  }, 600_000);

  afterAll(async () => {
    if (prometheus?.pid && prometheus.exitCode === null) {
      const exited = new Promise((r) => prometheus?.once('exit', r));
      process.kill(prometheus.pid, 'SIGTERM');
      await exited;
    }
    if (promDir) await rm(promDir, { recursive: true, force: true });
    await portal?.stop();
    collector?.server.close();
  });

  it('sends spans over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set: request → command in one trace', async () => {
    // The sign-in starts of beforeAll are commands (POST); the batch processor exports within 5 s.
    const commands = await waitFor(
      'exported command spans',
      async () => {
        const found = exported.filter((span) => span.name === 'command POST /api/auth/flows');
        return found.length > 0 ? found : undefined;
      },
      30_000,
    );
    for (const command of commands.slice(0, 5)) {
      const parent = exported.find((span) => span.spanId === command.parentSpanId);
      expect(parent?.name).toBe('POST /api/auth/flows');
      expect(parent?.kind).toBe(2); // SERVER
      expect(parent?.traceId).toBe(command.traceId);
    }
    // Pages are requests too, named by their pattern, each the root of a trace of its own.
    expect(exported.some((span) => span.name === 'GET /[lang]' && !span.parentSpanId)).toBe(true);
  });

  it('answers /metrics only with the token, with every series and no ids in labels', async () => {
    expect((await fetch(metricsUrl)).status).toBe(401);
    const wrong = await fetch(metricsUrl, { headers: { authorization: 'Bearer wrong' } });
    expect(wrong.status).toBe(401);
    // The public port does not serve them.
    expect((await fetch(`${portal.base}/metrics`)).status).toBe(404);

    // The relay and consumer report once they have met the broker.
    const text = await waitFor(
      'the relay and the consumer in the metrics',
      async () => {
        const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } });
        const body = await response.text();
        return response.status === 200 &&
          /^claims_kafka_consumer_lag_messages \d/m.test(body) &&
          /^claims_kafka_relay_leader 1/m.test(body)
          ? body
          : undefined;
      },
      120_000,
    );
    for (const name of SERIES) expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    expect(text).toMatch(/^claims_projection_lag_seconds\{projection="claims"\} \d/m);
    expect(text).toMatch(/^claims_metrics_source_up\{source="projections"\} 1/m);
    expect(text).toMatch(/^claims_kafka_broker_reachable 1/m);
    expect(text).toMatch(
      /^claims_rate_limit_refusals_total\{limit="sign-in-start:ip",reason="TOO_MANY_REQUESTS"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^claims_http_request_duration_seconds_count\{method="GET",route="\/api\/claims\/\[submissionId\]",status="401"\} 1/m,
    );
    expect(text).toMatch(/^claims_eventstore_append_duration_seconds_count\{outcome="ok"\} [1-9]/m);
    const samples = (name: string) => text.split('\n').filter((line) => line.startsWith(name));
    // The demo data's claims and the one submitted above, each with files that pass.
    expect(samples('claims_document_inspection_duration_seconds_count')).toEqual([
      expect.stringMatching(
        /^claims_document_inspection_duration_seconds_count\{outcome="accepted"\} [1-9]\d*$/,
      ),
    ]);
    expect(
      samples('claims_http_request_duration_seconds_count{method="POST",route="/api/claims"'),
    ).toEqual([expect.stringMatching(/status="201"\} 1$/)]);
    expect(text).toMatch(/^claims_eventstore_append_batch_events_count [1-9]/m);
    const labels = text.split('\n').filter((line) => !line.startsWith('#') && line.includes('{'));
    expect(labels.filter((line) => UUID.test(line))).toEqual([]);
    expect(text).not.toContain(token);
  });

  it('is scraped by Prometheus, whose HTTP API gives the series back and loads the alert rules', async () => {
    const query = async (promql: string) => {
      const response = await fetch(
        `${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`,
      );
      const body = (await response.json()) as { data?: { result: QueryResult[] } };
      return body.data?.result ?? [];
    };
    const up = await waitFor(
      'a successful scrape',
      async () => {
        const [result] = await query('up{job="claims-portal"}');
        return result?.value[1] === '1' ? result : undefined;
      },
      60_000,
    );
    expect(up.metric.instance).toMatch(/^127\.0\.0\.1:\d+$/);

    const lag = await query('claims_projection_lag_seconds{job="claims-portal"}');
    expect(lag.map((r) => r.metric.projection)).toEqual(['claims']);
    const pages = await query(
      'sum by (route) (claims_http_request_duration_seconds_count{job="claims-portal"})',
    );
    expect(pages.map((r) => r.metric.route)).toEqual(
      expect.arrayContaining(['/[lang]', '/api/claims/[submissionId]', '/api/auth/flows']),
    );
    const loop = await query('nodejs_eventloop_lag_p99_seconds{job="claims-portal"}');
    expect(Number(loop[0]?.value[1])).toBeGreaterThan(0);
    const relay = await query('claims_kafka_relay_lag_events{job="claims-portal"}');
    expect(relay).toHaveLength(1);

    const rules = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as {
      data: { groups: { rules: { name: string; health: string }[] }[] };
    };
    const loaded = rules.data.groups.flatMap((group) => group.rules);
    expect(loaded.map((rule) => rule.name)).toEqual(
      expect.arrayContaining([
        'ProjectionLagging',
        'HighServerErrorRate',
        'EventLoopDelayHigh',
        'MailDeadLetters',
        'KafkaRelayStalled',
      ]),
    );
  });

  it('counts events held back by a transaction left open in the projection lag (seconds and events)', async () => {
    const holder = await portal.db.connect();
    const store = createPostgresEventStore(portal.db);
    try {
      // An open transaction with an xid: every follower of the log reads below it.
      await holder.query('begin');
      await holder.query('select pg_current_xact_id()');
      await store.append(`metrics-held-${randomUUID()}`, [sampleEvent('MetricsProbe', {})], {
        expectedRevision: 'no_stream',
      });
      const scrape = async () => {
        const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } });
        return response.text();
      };
      const value = (text: string, series: string) =>
        Number(new RegExp(`^${series.replace(/[{}"[\]]/g, '\\$&')} (\\S+)`, 'm').exec(text)?.[1]);
      const held = await waitFor(
        'the held-back event in the lag',
        async () => {
          const text = await scrape();
          return value(text, 'claims_projection_lag_seconds{projection="claims"}') >= 2
            ? text
            : undefined;
        },
        30_000,
      );
      expect(value(held, 'claims_eventstore_held_back_events')).toBeGreaterThanOrEqual(1);
      expect(
        value(held, 'claims_projection_lag_events{projection="claims"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(value(held, 'claims_postgres_oldest_open_transaction_seconds')).toBeGreaterThanOrEqual(
        2,
      );
    } finally {
      await holder.query('rollback').catch(() => {});
      holder.release();
      await store.close();
    }
    // Released: the projection catches up and the lag falls back.
    await waitFor(
      'the lag to clear',
      async () => {
        const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } });
        const text = await response.text();
        return /^claims_eventstore_held_back_events 0$/m.test(text) &&
          /^claims_projection_lag_seconds\{projection="claims"\} 0$/m.test(text)
          ? true
          : undefined;
      },
      30_000,
    );
  });
});

/** POST /api/auth/flows from one address until the per-address limit answers 429. */
async function signInStartsUntilRefused(base: string): Promise<void> {
  const page = await fetch(`${base}/en/`);
  const csrf = /csrf_token=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1] ?? '';
  for (let tries = 0; tries < 80; tries++) {
    const response = await fetch(`${base}/api/auth/flows`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `csrf_token=${csrf}`,
        'x-csrf-token': csrf,
        origin: base,
      },
      body: '{}',
    });
    if (response.status === 429) return;
  }
  throw new Error('no 429 after 80 sign-in starts');
}
