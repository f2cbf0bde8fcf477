import { v7 as uuidv7 } from 'uuid';
import { afterAll, describe, it } from 'vitest';
import type { EventStore } from '@contracts/event-store';
import { createEventStoreDbEventStore } from '@infra/eventstore/esdb/esdb-event-store';
import { testEvent } from './event-store-contract-support';
import { eventStoreContract } from './event-store.contract';

/**
 * The EventStore contract against EventStoreDB: the server at EVENTSTORE_TEST_URL (e.g.
 * `esdb://localhost:2113?tls=false`), else a throw-away container when a container runtime
 * answers, else a skipped suite that says why.
 */

const IMAGE = 'eventstore/eventstore:24.10';
const ESDB_PORT = 2113;
const RUNTIME_CHECK_MS = 5_000;
const READY_TIMEOUT_MS = 90_000;

type Target =
  | { readonly kind: 'server'; readonly url: string; readonly stop?: () => Promise<unknown> }
  | { readonly kind: 'skip'; readonly reason: string };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function findTarget(): Promise<Target> {
  const url = process.env.EVENTSTORE_TEST_URL;
  if (url) return { kind: 'server', url };
  const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
  try {
    // testcontainers fails in milliseconds when there is no Docker; the timeout covers a hung socket.
    await withTimeout(
      getContainerRuntimeClient(),
      RUNTIME_CHECK_MS,
      `no answer from the container runtime in ${RUNTIME_CHECK_MS} ms`,
    );
  } catch (error) {
    return {
      kind: 'skip',
      reason: `EVENTSTORE_TEST_URL is not set and no container runtime is available (${messageOf(error)})`,
    };
  }
  // Started here rather than in the suite's beforeAll, so a first image pull is not cut short
  // by the hook timeout. A failure to start is a real failure of this run, not a skip.
  const container = await new GenericContainer(IMAGE)
    .withEnvironment({
      EVENTSTORE_CLUSTER_SIZE: '1',
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_MEM_DB: 'true',
      EVENTSTORE_RUN_PROJECTIONS: 'None',
      EVENTSTORE_START_STANDARD_PROJECTIONS: 'false',
    })
    .withExposedPorts(ESDB_PORT)
    .withWaitStrategy(Wait.forHealthCheck())
    .withStartupTimeout(120_000)
    .start();
  return {
    kind: 'server',
    url: `esdb://${container.getHost()}:${container.getMappedPort(ESDB_PORT)}?tls=false`,
    stop: () => container.stop(),
  };
}

/** A live node may still be electing itself leader: wait until a write goes through. */
async function waitUntilWritable(store: EventStore): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const stream = `readiness-${uuidv7()}`;
  for (;;) {
    try {
      await store.append(stream, [testEvent('ReadinessChecked')], { expectedRevision: 'any' });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

const target = await findTarget();

if (target.kind === 'skip') {
  // Nothing to run against on this machine: the suite reports itself skipped, reason in its name, never passed.
  console.warn(`EventStoreDB contract suite skipped: ${target.reason}`);
  describe.skip('EventStore contract: EventStoreDB', () => {
    it(`skipped: ${target.reason}`, () => {});
  });
} else {
  if (target.stop) afterAll(target.stop);
  eventStoreContract('EventStoreDB', async () => {
    const store = createEventStoreDbEventStore(target.url, { pollIntervalMs: 100 });
    try {
      await waitUntilWritable(store);
    } catch (error) {
      await store.close();
      throw error;
    }
    return {
      store,
      async cleanup() {
        await store.close();
      },
    };
  });
}
