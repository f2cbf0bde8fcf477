import pg from 'pg';
import pino from 'pino';
import { parseConfig } from '@infra/config/config';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { startIntegrationEvents } from '@infra/kafka/start-integration-events';
import { createMailer } from '@infra/mail/create-mailer';
import { boundedPoolOptions, leasePoolOptions } from '@infra/postgres/pool-bounds';

/**
 * What a portal runs for Kafka and mail, alone in a process of its own, as two portals run
 * it: the relay (one leader), the notification consumer (one group member) and the mail
 * queue with its SMTP mailer (every portal sends). A test can freeze it (SIGSTOP) without
 * freezing the test. Prints the relay's role as it changes, and its log from WORKER_LOG_LEVEL
 * (default warn), as JSON lines.
 */
const config = parseConfig(process.env);
const pool = new pg.Pool({
  connectionString: config.DATABASE_URL,
  max: 6,
  ...boundedPoolOptions(config),
});
const leasePool = new pg.Pool({
  connectionString: config.DATABASE_URL,
  ...leasePoolOptions(config),
});
for (const each of [pool, leasePool]) {
  each.on('error', () => {});
  each.on('connect', (client) => client.on('error', () => {}));
}
const log = pino({ level: process.env.WORKER_LOG_LEVEL ?? 'warn' });
const eventStore = createPostgresEventStore(pool, { pollIntervalMs: 100 });
const mailer = createMailer(config, log, pool);
const integration = startIntegrationEvents(config, { pool, leasePool, eventStore, mailer }, log);
if (!integration) throw new Error('KAFKA_BROKERS is not set');
let role = '';
const watch = setInterval(() => {
  const now = integration.relayStatus().role;
  if (now === role) return;
  role = now;
  console.log(JSON.stringify({ role }));
}, 50);

process.on('SIGTERM', async () => {
  clearInterval(watch);
  await integration.stop();
  await mailer.close();
  await eventStore.close();
  await pool.end();
  await leasePool.end();
  process.exit(0);
});
