import { randomUUID } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventStore, LogPosition } from '@contracts/event-store';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { createKafka } from '@infra/kafka/kafka-client';
import { readRelayCheckpoint, startRelay } from '@infra/kafka/relay';
import { type ClaimLife, claimantNumbered, claimLife } from '@infra/kafka/testing/claim-life';
import { isLeaseLost } from '@projections/runner/lease';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';

const TTL_MS = 600;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await pause(20);
  }
}

async function append(store: EventStore, life: ClaimLife): Promise<void> {
  for (const [step, events] of life.steps.entries())
    await store.append(life.streamId, events, {
      expectedRevision: step === 0 ? 'no_stream' : 'any',
    });
}

describe('a relay that lost its lease without knowing it (real broker)', () => {
  let database: TestDatabase;
  let store: EventStore;
  let kafka: Kafka;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore(database.pool, { pollIntervalMs: 50 });
    kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'relay-fence-test' });
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('records nothing once another relay took the lease: its transaction finds a newer token', async () => {
    const topic = `relay-fence-${randomUUID()}`;
    const name = `relay-${randomUUID()}`;
    // Frozen as a paused VM may be: no renewals, and a monotonic clock that stood still.
    let frozenAt: number | undefined;
    let thaw: () => void = () => {};
    const errors: unknown[] = [];
    const recorded: LogPosition[] = [];
    const stale = startRelay({
      pool: database.pool,
      eventStore: store,
      kafka,
      topic,
      name,
      partitions: 2,
      leaseTtlMs: TTL_MS,
      election: {
        monotonicNow: () => frozenAt ?? performance.now(),
        beforeRenewal: () =>
          frozenAt === undefined
            ? Promise.resolve()
            : new Promise<void>((resolve) => {
                thaw = resolve;
              }),
      },
      onError: (error) => errors.push(error),
      onPublished: (_events, position) => recorded.push(position),
    });
    await append(store, claimLife(900, claimantNumbered(900)));
    await stale.caughtUp;
    expect(stale.status().role).toBe('leader');

    frozenAt = performance.now();
    const other = startRelay({
      pool: database.pool,
      eventStore: store,
      kafka,
      topic,
      name,
      partitions: 2,
      leaseTtlMs: TTL_MS,
    });
    await until(() => other.status().role === 'leader', TTL_MS * 4);
    await other.stop();

    // Only the stale relay runs now, sure of a lease whose token moved on.
    const checkpoint = await readRelayCheckpoint(database.pool, name);
    const recordedBefore = recorded.length;
    await append(store, claimLife(901, claimantNumbered(901)));
    await until(() => errors.some(isLeaseLost), 10_000);
    expect(recorded).toHaveLength(recordedBefore);
    expect(await readRelayCheckpoint(database.pool, name)).toEqual(checkpoint);

    frozenAt = undefined;
    thaw();
    await stale.stop();
  }, 60_000);
});
