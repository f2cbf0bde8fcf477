import pg from 'pg';
import { parseConfig } from '@infra/config/config';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { createKafka } from '@infra/kafka/kafka-client';
import { startRelay } from '@infra/kafka/relay';
import { boundedPoolOptions } from '@infra/postgres/pool-bounds';

/**
 * The portal's Kafka relay alone in a process of its own, as two portals run it: a test can
 * freeze it (SIGSTOP) without freezing the test. Prints its role as it changes, as JSON lines.
 */
const env = process.env;
const pool = new pg.Pool({
  connectionString: env.DATABASE_URL,
  max: 6,
  ...boundedPoolOptions(parseConfig({})),
});
pool.on('error', () => {});
pool.on('connect', (client) => client.on('error', () => {}));
const store = createPostgresEventStore(pool, { pollIntervalMs: 100 });
const relay = startRelay({
  pool,
  eventStore: store,
  kafka: createKafka({ brokers: env.KAFKA_BROKERS ?? '', clientId: `relay-worker-${process.pid}` }),
  topic: env.KAFKA_TOPIC ?? '',
  name: env.RELAY_NAME,
  partitions: 2,
  leaseTtlMs: Number(env.LEASE_TTL_MS ?? 5_000),
  onError: (error) => console.log(JSON.stringify({ error: String(error) })),
});
let role = '';
const watch = setInterval(() => {
  const now = relay.status().role;
  if (now === role) return;
  role = now;
  console.log(JSON.stringify({ role }));
}, 50);

process.on('SIGTERM', async () => {
  clearInterval(watch);
  await relay.stop();
  await store.close();
  await pool.end();
  process.exit(0);
});
