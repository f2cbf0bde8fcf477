import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '@contracts/mail';
import { freePort } from '@tests/support/free-port';
import { type SmtpCapture, startSmtpCapture } from '@tests/support/smtp-capture';
import { poolForTestDatabase } from '@tests/support/test-database';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../postgres/embedded';
import { migrate } from '../postgres/migrate';
import { allMigrations } from '../postgres/migrations';
import { createQueuedMailer } from './mail-queue';
import { createSmtpMailer } from './smtp-mailer';

const FROM = 'claims@claims-portal.test';
const LEASE_MS = 2_000;
const quiet = { warn() {}, info() {} };

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Found by the soak (decision 075): Postgres stopped between the SMTP server's 250 and the
// statement that records the mail sent; the row's lease ran out and the mail went twice.
describe('mail queue across a Postgres restart', () => {
  let dir: string;
  let port: number;
  let postgres: EmbeddedPostgres;
  let pool: pg.Pool;
  let capture: SmtpCapture;
  let mailer: Mailer | undefined;
  const start = () => startEmbeddedPostgres({ dataDir: dir, port, database: 'claims' });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'claims-mail-restart-'));
    await chmod(dir, 0o755);
    port = await freePort();
    [postgres, capture] = await Promise.all([start(), startSmtpCapture()]);
    // Its connections are cut when the test stops that Postgres.
    pool = poolForTestDatabase(postgres.url, 4);
    await migrate(pool, allMigrations);
  }, 120_000);
  afterAll(async () => {
    await mailer?.close();
    await pool?.end().catch(() => {});
    await capture?.stop();
    await postgres?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('a mail the server accepted just before Postgres stopped is recorded once it is back, and not sent again', async () => {
    const to = `restart-${randomUUID()}@example.test`;
    const smtp = createSmtpMailer({ url: capture.url, from: FROM });
    let accepted: () => void = () => {};
    const wasAccepted = new Promise<void>((resolve) => {
      accepted = resolve;
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    mailer = createQueuedMailer(pool, {
      // The real SMTP exchange, then a pause in which the test stops Postgres.
      transport: {
        async send(message) {
          await smtp.send(message);
          accepted();
          await released;
        },
        close: () => smtp.close(),
      },
      log: quiet,
      from: FROM,
      leaseMs: LEASE_MS,
      retryMs: 200,
    });
    await mailer.send({ to, subject: 'Your claim', text: 'Claim received.', lang: 'en' });
    await wasAccepted;
    await postgres.stop();
    release();
    await new Promise((r) => setTimeout(r, 1_000));
    postgres = await start();

    const queued = async () =>
      Number((await pool.query('select count(*) from mail_queue')).rows[0].count);
    await waitUntil(async () => (await queued()) === 0, 60_000);
    // A second send would come once the lease (2 s) ran out: give it three times that.
    await new Promise((r) => setTimeout(r, 3 * LEASE_MS));
    const received = capture.messages.filter((m) => JSON.stringify(m.to).includes(to));
    expect(received).toHaveLength(1);
    expect(Number((await pool.query('select count(*) from mail_sent')).rows[0].count)).toBe(1);
  }, 120_000);
});
