import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventStore } from '@contracts/event-store';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { embeddedDatabaseUrl } from '@infra/postgres/embedded';
import { type ClaimLife, claimLife } from '@infra/kafka/testing/claim-life';
import { type PortalUnderTest, startPortalUnderTest } from '@tests/faults/portal-under-test';
import { type SmtpCapture, startSmtpCapture } from '@tests/support/smtp-capture';

const CLAIMS = 40;
const MAILS_PER_CLAIM = 5; // received, Pending, documents, letter, Approved
const MAILS = CLAIMS * MAILS_PER_CLAIM;
const LATE_CLAIMS = 4;

const log = (line: string) => process.stdout.write(`[portal-kill-mail] ${line}\n`);

async function waitUntil(what: string, check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function appendLives(store: EventStore, lives: readonly ClaimLife[]): Promise<void> {
  const steps = Math.max(...lives.map((life) => life.steps.length));
  for (let step = 0; step < steps; step++) {
    await Promise.all(
      lives.map(async (life) => {
        const events = life.steps[step];
        if (events)
          await store.append(life.streamId, events, {
            expectedRevision: step === 0 ? 'no_stream' : 'any',
          });
      }),
    );
  }
}

describe('the portal is killed (SIGKILL) during a burst of 200 claim mails (real Kafka and SMTP)', () => {
  let capture: SmtpCapture;
  let portal: PortalUnderTest;
  let store: EventStore;
  let storeClosed = false;
  let storePool: pg.Pool | undefined;
  /** When each mail arrived at the SMTP server, by its index in capture.messages. */
  const arrivals: number[] = [];
  let watch: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    capture = await startSmtpCapture();
    watch = setInterval(() => {
      while (arrivals.length < capture.messages.length) arrivals.push(Date.now());
    }, 5);
    portal = await startPortalUnderTest({
      KAFKA_BROKERS: inject('kafkaBrokers'),
      KAFKA_TOPIC: `claims-kill-${randomUUID()}`,
      KAFKA_NOTIFICATIONS_GROUP: `notifications-${randomUUID()}`,
      SMTP_URL: capture.url,
      DEMO_DATA: 'off',
    });
    // A pool of its own whose connections may be cut when the restart stops that Postgres.
    storePool = new pg.Pool({
      connectionString: embeddedDatabaseUrl(
        portal.dataDir,
        Number(portal.env.EMBEDDED_POSTGRES_PORT),
        'claims',
      ),
      max: 4,
    });
    storePool.on('error', () => {});
    storePool.on('connect', (client) => client.on('error', () => {}));
    store = createPostgresEventStore(storePool, { pollIntervalMs: 50 });
  }, 240_000);

  afterAll(async () => {
    clearInterval(watch);
    if (!storeClosed) await store?.close();
    await storePool?.end().catch(() => {});
    await portal?.stop();
    await capture?.stop();
  });

  it('re-sends at most the one mail in flight, and mail resumes within 10 s of the restarted portal serving', async () => {
    const run = randomUUID().slice(0, 8);
    const lives = Array.from({ length: CLAIMS }, (_, i) =>
      claimLife(i, {
        customerId: `kill-${run}-${i}`,
        email: `kill.${run}.${i}@example.test`,
        firstName: 'Marie',
        lastName: 'Tremblay',
        dateOfBirth: '1980-04-02',
      }),
    );
    // Most of the burst now; the last claims while the portal is down, so the restarted
    // consumer has work that only Kafka can bring (the queue's backlog aside).
    await appendLives(store, lives.slice(0, CLAIMS - LATE_CLAIMS));

    await waitUntil(
      'the burst to be under way',
      () => capture.messages.length >= 50,
      120_000,
    ).catch(async (error: unknown) => {
      log(`portal output:\n${portal.launcher.output().slice(-6_000)}`);
      for (const sql of [
        'select count(*) from notification_deliveries',
        'select count(*) from mail_queue',
        'select * from kafka_relay_checkpoints',
        'select count(*) from notification_claims',
        'select relname, n_tup_ins, n_tup_upd, n_tup_del, seq_scan, idx_scan from pg_stat_user_tables where n_tup_ins + n_tup_upd + n_tup_del + seq_scan > 0 order by seq_scan desc',
        'select xact_commit, xact_rollback from pg_stat_database where datname = current_database()',
        `select pid, state, wait_event_type, wait_event, now() - xact_start as xact, left(query, 120) as q from pg_stat_activity where datname = current_database()`,
      ])
        log(`${sql}: ${JSON.stringify((await portal.db.query(sql)).rows)}`);
      throw error;
    });
    portal.launcher.child.kill('SIGKILL');
    await portal.launcher.exited;
    const killedAt = Date.now();
    const mailedAtKill = capture.messages.length;
    const queued = Number(
      (await portal.db.query('select count(*) from mail_queue').catch(() => undefined))?.rows[0]
        ?.count ?? -1,
    );
    log(`killed after ${mailedAtKill} of ${MAILS} mails (${queued} rows still queued)`);
    // Its Postgres outlives the killed launcher (the restart stops it), so this lands first.
    await appendLives(store, lives.slice(CLAIMS - LATE_CLAIMS));
    // Its connections would be cut when the restart stops that Postgres.
    await store.close();
    storeClosed = true;

    const restartedAt = Date.now();
    await portal.restart();
    const servingAt = Date.now();
    await waitUntil(
      'every mail',
      () => new Set(capture.messages.map((m) => m.messageId)).size >= MAILS,
      180_000,
    );
    // A repeat of the mail in flight comes after its lease (10 s) ran out; anything else later.
    await new Promise((r) => setTimeout(r, 12_000));

    const firstAfter = arrivals.find((at, i) => i >= mailedAtKill && at >= restartedAt);
    const { rows } = await portal.db.query<{ first: Date | null }>(
      'select min(handled_at) as first from notification_deliveries where handled_at >= $1',
      [new Date(restartedAt)],
    );
    const consumerResumed = rows[0]?.first?.getTime();
    const counts = new Map<string, number>();
    for (const mail of capture.messages) {
      const id = mail.messageId ?? '(none)';
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const duplicates = [...counts.values()].reduce((sum, n) => sum + n - 1, 0);
    const recipients = new Set(
      capture.messages.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address),
    );
    log(
      `restart: serving ${servingAt - restartedAt} ms after the new process started; ` +
        `first mail ${firstAfter === undefined ? 'none' : `${firstAfter - restartedAt} ms`} after it; ` +
        `consumer's first event ${consumerResumed === undefined ? 'none' : `${consumerResumed - restartedAt} ms`} after it; ` +
        `killed → restarted ${restartedAt - killedAt} ms`,
    );
    log(
      `${capture.messages.length} mails received for ${counts.size} Message-IDs: ${duplicates} re-sent`,
    );

    // Health tells the same: nothing waiting, nothing parked, the group caught up.
    const health = (await (await fetch(`${portal.base}/api/health`)).json()) as Record<
      string,
      unknown
    >;
    log(`health: ${JSON.stringify({ mail: health.mail, notifications: health.notifications })}`);
    expect(health.mail).toEqual({ queued: 0, oldestQueuedSeconds: 0, deadLetters: 0 });
    expect(health.notifications).toMatchObject({ lag: 0, deadLetters: 0 });

    expect(counts.size).toBe(MAILS);
    expect(recipients.size).toBe(CLAIMS);
    expect(counts.has('(none)')).toBe(false);
    expect(duplicates).toBeLessThanOrEqual(1);
    expect(firstAfter).toBeDefined();
    // Counted from when the new process serves: how long it takes to boot is the machine's
    // load (13 s on a busy CI box), not the mail path this test is about.
    expect((firstAfter ?? Number.POSITIVE_INFINITY) - servingAt).toBeLessThanOrEqual(10_000);
    expect(consumerResumed).toBeDefined();
    expect((consumerResumed ?? Number.POSITIVE_INFINITY) - servingAt).toBeLessThanOrEqual(10_000);
  });
});
