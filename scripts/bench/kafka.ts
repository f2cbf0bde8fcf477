/**
 * `npm run bench:kafka -- [--claims N] [--live M] [--rate R]`: on a real Kafka 3.9.1 broker
 * (KRaft, started here and stopped by pid), an embedded Postgres and an SMTP capture:
 *  1. relay throughput: N claim lives (7 integration events each) already in the log, then
 *     the relay started: integration events acknowledged per second until it catches up;
 *  2. end-to-end lag: M new claims submitted at R a second with the relay and the notification
 *     consumer running: time from the append's commit to the "claim received" mail captured.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { startKafkaBroker } from '@infra/kafka/broker/broker';
import { createKafka } from '@infra/kafka/kafka-client';
import { startNotificationConsumer } from '@infra/kafka/notifications/notification-consumer';
import { postgresClaimantDirectory } from '@infra/kafka/notifications/notify-claimant';
import { startRelay } from '@infra/kafka/relay';
import { claimantNumbered, claimLife } from '@infra/kafka/testing/claim-life';
import { createSmtpMailer } from '@infra/mail/smtp-mailer';
import { ensureDatabase, startEmbeddedPostgres } from '@infra/postgres/embedded';
import { migrate } from '@infra/postgres/migrate';
import { allMigrations } from '@infra/postgres/migrations';
import { freePort } from '@tests/support/free-port';
import { startSmtpCapture } from '@tests/support/smtp-capture';

const { values } = parseArgs({
  options: {
    claims: { type: 'string', default: '2000' },
    live: { type: 'string', default: '300' },
    rate: { type: 'string', default: '20' },
  },
});
const claims = Number(values.claims);
const live = Number(values.live);
const rate = Number(values.rate);
const say = (line: string) => process.stdout.write(`${line}\n`);

const dir = await mkdtemp(join(tmpdir(), 'bench-kafka-'));
await chmod(dir, 0o755);
const postgres = await startEmbeddedPostgres({
  dataDir: join(dir, 'pg'),
  port: await freePort(),
  database: 'postgres',
});
await ensureDatabase(postgres.url, 'bench');
const pool = new pg.Pool({ connectionString: postgres.url.replace(/\/[^/]*$/, '/bench'), max: 10 });
await migrate(pool, allMigrations);
const broker = await startKafkaBroker({ dir: join(dir, 'kafka'), log: say });
const capture = await startSmtpCapture();
const store = createPostgresEventStore(pool, { pollIntervalMs: 50 });
const kafka = createKafka({ brokers: broker.brokers, clientId: 'bench' });
const topic = 'claims.claim-events';

try {
  // 1. Throughput over a backlog.
  say(`writing ${claims} claim lives (${claims * 6} stored events)…`);
  const lives = Array.from({ length: claims }, (_, i) => claimLife(i, claimantNumbered(i)));
  for (const life of lives) {
    let revision: bigint | 'no_stream' = 'no_stream';
    for (const step of life.steps) {
      const result = await store.append(life.streamId, step, { expectedRevision: revision });
      revision = result.nextExpectedRevision;
    }
  }
  let published = 0;
  const relayStarted = performance.now();
  const relay = startRelay({
    pool,
    eventStore: store,
    kafka,
    topic,
    partitions: 6,
    onPublished: (events) => {
      published += events.length;
    },
  });
  await relay.caughtUp;
  const seconds = (performance.now() - relayStarted) / 1000;
  say(
    `relay: ${published} integration events in ${seconds.toFixed(2)} s = ${Math.round(published / seconds)} events/s (from start, producer connect and topic creation included)`,
  );

  // 2. Lag, live: a new consumer group that starts at the end of the topic (the backlog is not mailed).
  const mailer = createSmtpMailer({ url: capture.url, from: 'claims@claims-portal.test' });
  const liveConsumer = startNotificationConsumer({
    kafka,
    topic,
    groupId: 'bench-notifications',
    fromBeginning: false,
    pool,
    mailer,
    directory: postgresClaimantDirectory(pool),
  });
  await new Promise((r) => setTimeout(r, 3_000));
  say(`submitting ${live} claims at ${rate}/s with relay and consumer running…`);
  const appended = new Map<string, number>();
  const arrived = new Map<string, number>();
  const watch = setInterval(() => {
    for (const mail of capture.messages) {
      const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? '';
      if (!arrived.has(to)) arrived.set(to, performance.now());
    }
  }, 5);
  const originalLength = capture.messages.length;
  for (let i = 0; i < live; i++) {
    const life = claimLife(1_000_000 + i, claimantNumbered(1_000_000 + i));
    const due = performance.now() + 1000 / rate;
    await store.append(life.streamId, life.steps[0]!, { expectedRevision: 'no_stream' });
    appended.set(life.claimant.email, performance.now());
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  const deadline = Date.now() + 120_000;
  while (capture.messages.length < originalLength + live && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 50));
  clearInterval(watch);
  const lags = [...appended]
    .map(([to, at]) => (arrived.get(to) ?? Number.NaN) - at)
    .filter((lag) => !Number.isNaN(lag))
    .sort((a, b) => a - b);
  const pct = (p: number) =>
    lags[Math.min(lags.length - 1, Math.floor((p / 100) * lags.length))] ?? Number.NaN;
  say(
    `end-to-end lag (append committed → mail captured), ${lags.length} of ${live} mails: p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${lags.at(-1)?.toFixed(0)} ms`,
  );
  say(`machine: ${cpus().length} cores, Node ${process.version}`);
  await liveConsumer.stop();
  await relay.stop();
  await mailer.close();
} finally {
  await store.close();
  await pool.end();
  await capture.stop();
  await broker.stop();
  await postgres.stop();
  await rm(dir, { recursive: true, force: true });
}
