import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@infra/config/config';
import { sampleEvent } from '@infra/eventstore/testing/sample-event';
import { registerKafkaHealth } from '@infra/kafka/kafka-health';
import { registerConsumerStatus } from '@infra/kafka/notifications/consumer-status';
import { closeRuntime, openRuntime, type Runtime } from '@infra/runtime';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { portalMetrics } from './metrics';
import { refreshStateGauges } from './state-gauges';

describe('the gauges read at scrape time (no Kafka in this process)', () => {
  let database: TestDatabase;
  let runtime: Runtime;
  const metrics = portalMetrics();
  const scrape = async () => {
    await refreshStateGauges(metrics, runtime);
    return metrics.registry.metrics();
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    runtime = await openRuntime(getConfig(), database.url);
  });
  afterAll(async () => {
    await closeRuntime();
    await database?.drop();
  });

  it('report the projections and the mail queue, and leave the Kafka series out', async () => {
    const text = await scrape();
    expect(text).toMatch(/^claims_projection_lag_events\{projection="claims"\} 0$/m);
    expect(text).toMatch(/^claims_mail_queue_depth 0$/m);
    expect(text).toMatch(/^claims_metrics_source_up\{source="projections"\} 1$/m);
    expect(text).toMatch(/^claims_metrics_source_up\{source="mail"\} 1$/m);
    expect(text).not.toMatch(/^claims_kafka_/m);
  });

  it('bring a source’s series back once it runs in this process, and drop them when it stops', async () => {
    const withdraw = registerConsumerStatus(async () => ({
      groupId: 'notifications',
      topic: 'claims',
      lag: 3,
      deadLetters: 1,
    }));
    try {
      const text = await scrape();
      expect(text).toMatch(/^claims_kafka_consumer_lag_messages 3$/m);
      expect(text).toMatch(/^claims_kafka_consumer_dead_letters 1$/m);
      expect(text).toMatch(/^claims_metrics_source_up\{source="kafka_consumer"\} 1$/m);
      expect(text).not.toMatch(/^claims_kafka_relay_/m);
    } finally {
      withdraw();
    }
    // The status is cached for 2 s (as for /api/health); once withdrawn, the series go.
    expect(await scrape()).not.toMatch(/^claims_kafka_consumer_/m);
  });

  it('count an event no projection has applied yet (no projector runs here)', async () => {
    await runtime.eventStore.append('metrics-probe-1', [sampleEvent('MetricsProbe', {})], {
      expectedRevision: 'no_stream',
    });
    expect(await scrape()).toMatch(/^claims_projection_lag_events\{projection="claims"\} 1$/m);
  });

  it('say when a source fails instead of failing the scrape', async () => {
    await database.pool.query('alter table mail_dead_letters rename to mail_dead_letters_away');
    try {
      const text = await scrape();
      expect(text).toMatch(/^claims_metrics_source_up\{source="mail"\} 0$/m);
      expect(text).toMatch(/^claims_metrics_source_up\{source="projections"\} 1$/m);
    } finally {
      await database.pool.query('alter table mail_dead_letters_away rename to mail_dead_letters');
    }
  });

  it('answer within the deadline when a source never answers, marking it down and stale, and ask it once', async () => {
    let asked = 0;
    registerKafkaHealth(() => {
      asked += 1;
      return new Promise(() => {}); // a frozen broker admin call
    });
    try {
      for (let scrape = 0; scrape < 2; scrape += 1) {
        const started = performance.now();
        await refreshStateGauges(metrics, runtime, 200);
        // Against a source with no deadline, this never returns.
        expect(performance.now() - started).toBeLessThan(2_000);
      }
      const text = await metrics.registry.metrics();
      expect(text).toMatch(/^claims_metrics_source_up\{source="kafka_relay"\} 0$/m);
      expect(text).toMatch(/^claims_metrics_source_stale\{source="kafka_relay"\} 1$/m);
      expect(text).toMatch(/^claims_metrics_source_stale\{source="projections"\} 0$/m);
      expect(text).toMatch(
        /^claims_metrics_source_last_success_seconds\{source="projections"\} \d/m,
      );
      // The second scrape waited on the first one's call rather than pile another on it.
      expect(asked).toBe(1);
    } finally {
      registerKafkaHealth(undefined);
    }
  });
});
