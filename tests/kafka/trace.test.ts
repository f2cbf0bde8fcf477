import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getConfig } from '@infra/config/config';
import { createEdgeHandler } from '@infra/http/edge-handler';
import { createKafka } from '@infra/kafka/kafka-client';
import { observeRequests } from '@infra/http/observe-requests';
import { trustedProxies } from '@infra/http/trusted-proxies';
import {
  type IntegrationEventsRuntime,
  startIntegrationEvents,
} from '@infra/kafka/start-integration-events';
import { closeRuntime, openRuntime, type Runtime } from '@infra/runtime';
import { startTracing, type Tracing } from '@infra/tracing/tracing';
import { projections } from '@projections/index';
import { type ProjectionRunner, runProjections } from '@projections/runner/run-projections';
import { POST as submitClaimRoute } from '@site/pages/api/claims/index';
import { alice, apiContext } from '@tests/api/api-harness';
import { readTopic } from '@tests/kafka/support/topic-reader';
import { type SmtpCapture, startSmtpCapture } from '@tests/support/smtp-capture';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';

/** The site's POST /api/claims behind the portal's own server wrappers, Alice signed in. */
function claimsEndpoint(req: IncomingMessage, res: ServerResponse): void {
  void (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request(`http://portal.test${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: Buffer.concat(chunks),
    });
    const context = { ...apiContext(request), routePattern: '/api/claims' };
    const response = await submitClaimRoute(context as Parameters<typeof submitClaimRoute>[0]);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  })();
}

const byName = (spans: readonly ReadableSpan[], prefix: string) =>
  spans.filter((span) => span.name.startsWith(prefix));

describe('one trace from the HTTP request to the mail (real Postgres, Kafka and SMTP)', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let database: TestDatabase;
  let dataDir: string;
  let capture: SmtpCapture;
  let runtime: Runtime;
  let runner: ProjectionRunner;
  let integration: IntegrationEventsRuntime | undefined;
  let server: Server;
  let base: string;
  const topic = `claims-trace-${randomUUID()}`;

  beforeAll(async () => {
    tracing = startTracing({ serviceName: 'claims-portal-test', exporter, immediate: true });
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'claims-trace-'));
    capture = await startSmtpCapture();
    const config = {
      ...getConfig(),
      DATA_DIR: dataDir,
      SMTP_URL: capture.url,
      KAFKA_BROKERS: inject('kafkaBrokers'),
      KAFKA_TOPIC: topic,
      KAFKA_TOPIC_PARTITIONS: 1,
      KAFKA_NOTIFICATIONS_GROUP: `notifications-${randomUUID()}`,
    };
    runtime = await openRuntime(config, database.url);
    runner = await runProjections({
      pool: runtime.pool,
      eventStore: runtime.eventStore,
      projections,
    });
    integration = startIntegrationEvents(config, runtime, pino({ level: 'silent' }));
    const edge = createEdgeHandler(claimsEndpoint, {
      proxies: trustedProxies([]),
      log: pino({ level: 'silent' }),
    });
    server = createServer(observeRequests(edge));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 180_000);

  afterAll(async () => {
    server?.close();
    await integration?.stop();
    await runner?.stop();
    await closeRuntime();
    await capture?.stop();
    await database?.drop();
    await tracing?.shutdown();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('carries one trace id across HTTP → command → append → projection → relay → consumer → mail', async () => {
    const response = await fetch(`${base}/api/claims`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        policyNumber: 'TRACE-1',
        productCode: '210',
        productType: 'Mortgage',
        claimType: 'Job Loss',
      }),
    });
    expect(response.status).toBe(201);
    const mail = await capture.waitFor(alice.email, undefined, 120_000);
    expect(mail.subject).toBeTruthy();

    // The mail span ends right after the SMTP server accepted the message.
    const deadline = Date.now() + 10_000;
    while (byName(exporter.getFinishedSpans(), 'mail deliver').length === 0) {
      if (Date.now() > deadline)
        throw new Error(
          `no mail span was exported; spans: ${exporter
            .getFinishedSpans()
            .map((s) => `${s.name} ${s.spanContext().traceId}`)
            .join(', ')}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
    const spans = exporter.getFinishedSpans();
    const [request] = spans.filter((s) => s.kind === SpanKind.SERVER);
    expect(request?.name).toBe('POST other');
    const traceId = request?.spanContext().traceId;
    const inTrace = spans.filter((s) => s.spanContext().traceId === traceId);
    const names = inTrace.map((s) => s.name);
    for (const expected of [
      'command POST /api/claims',
      'eventstore append',
      'projection claims',
      'kafka relay publish',
      'notification handle',
      'mail deliver',
    ]) {
      expect(
        names.some((name) => name.startsWith(expected)),
        `${expected} in ${names}`,
      ).toBe(true);
    }

    // Each span's parent is in the same trace: one tree rooted at the request.
    const ids = new Set(inTrace.map((s) => s.spanContext().spanId));
    for (const span of inTrace) {
      if (span === request) continue;
      expect(ids.has(span.parentSpanContext?.spanId ?? ''), `parent of ${span.name}`).toBe(true);
    }
    // The hops in order, each the child of the one before it.
    const parentOf = (span: ReadableSpan | undefined) =>
      inTrace.find((s) => s.spanContext().spanId === span?.parentSpanContext?.spanId);
    const [delivered] = byName(inTrace, 'mail deliver');
    const handled = parentOf(delivered);
    expect(handled?.name).toMatch(/^notification handle/);
    expect(handled?.kind).toBe(SpanKind.CONSUMER);
    const published = parentOf(handled);
    expect(published?.name).toMatch(/^kafka relay publish/);
    expect(published?.kind).toBe(SpanKind.PRODUCER);
    const appended = parentOf(published);
    expect(appended?.name).toBe('eventstore append');
    expect(parentOf(appended)?.name).toBe('command POST /api/claims');
    expect(parentOf(parentOf(appended))).toBe(request);
    for (const projection of byName(inTrace, 'projection ')) {
      expect(parentOf(projection)?.name).toBe('eventstore append');
    }

    // On the topic, the message names the relay's span in W3C form: any consumer can continue it.
    const [message] = await readTopic(
      createKafka({ brokers: inject('kafkaBrokers'), clientId: 'trace-reader' }),
      topic,
      (messages) => messages.length >= 1,
    );
    expect(message?.headers.traceparent).toBe(
      `00-${traceId}-${published?.spanContext().spanId}-01`,
    );
  });
});
