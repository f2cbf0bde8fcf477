import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '@contracts/mail';
import { freePort } from '@tests/support/free-port';
import { type SmtpCapture, startSmtpCapture } from '@tests/support/smtp-capture';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { mailQueueHealth } from './mail-dead-letters';
import { createQueuedMailer } from './mail-queue';
import { messageIdFor } from './message-id';
import { createSmtpMailer } from './smtp-mailer';

const FROM = 'claims@claims-portal.test';
const quiet = { warn() {}, info() {} };

const message = (to: string, extra: Partial<MailMessage> = {}): MailMessage => ({
  to,
  subject: 'Your claim',
  text: 'Claim received.',
  lang: 'en',
  ...extra,
});

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('mail queue: leased rows, stable Message-IDs, dead letters', () => {
  let database: TestDatabase;
  let capture: SmtpCapture;
  const mailers: Mailer[] = [];
  const queued = (overrides: Parameters<typeof createQueuedMailer>[1] | object = {}) => {
    const mailer = createQueuedMailer(database.pool, {
      transport: createSmtpMailer({ url: capture.url, from: FROM }),
      log: quiet,
      from: FROM,
      ...overrides,
    });
    mailers.push(mailer);
    return mailer;
  };
  const ids = (to: string) =>
    capture.messages
      .filter((m) => JSON.stringify(m.to).includes(to))
      .map((m) => m.messageId as string);

  beforeAll(async () => {
    [database, capture] = await Promise.all([createTestDatabase(), startSmtpCapture()]);
  });
  beforeEach(async () => {
    await Promise.all(mailers.splice(0).map((m) => m.close()));
    await database.pool.query('truncate mail_queue, mail_sent, mail_dead_letters');
  });
  afterAll(async () => {
    await Promise.all(mailers.map((m) => m.close()));
    await capture?.stop();
    await database?.drop();
  });

  it('two senders on one database never send one row twice', async () => {
    const to = `two-senders-${randomUUID()}@example.test`;
    const [a, b] = [queued({ senders: 3 }), queued({ senders: 3 })];
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 ? a : b).send(message(to, { subject: `mail ${i}` })),
      ),
    );
    await waitUntil(() => ids(to).length >= 60);
    await new Promise((r) => setTimeout(r, 500));
    expect(ids(to)).toHaveLength(60);
    expect(new Set(ids(to)).size).toBe(60);
    expect(
      Number((await database.pool.query('select count(*) from mail_sent')).rows[0].count),
    ).toBe(60);
    expect((await mailQueueHealth(database.pool)).queued).toBe(0);
  });

  it('takes a row whose lease expired (its sender died) again, not before, with the same Message-ID', async () => {
    const to = `lease-${randomUUID()}@example.test`;
    const messageId = messageIdFor('lease-test', FROM);
    await database.pool.query(
      `insert into mail_queue (message_id, message, expires_at, lease_owner, lease_expires_at)
       values ($1, $2, now() + interval '1 hour', 'a dead sender', now() + interval '2 seconds')`,
      [messageId, JSON.stringify(message(to, { key: 'lease-test' }))],
    );
    const started = Date.now();
    queued({ idlePollMs: 200 });
    const mail = await capture.waitFor(to, undefined, 10_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    expect(mail.messageId).toBe(messageId);
  });

  it('queues a keyed mail once, and not again after it was sent', async () => {
    const to = `keyed-${randomUUID()}@example.test`;
    const mailer = queued();
    const key = `claim-notification:${randomUUID()}:${to}`;
    await Promise.all([mailer.send(message(to, { key })), mailer.send(message(to, { key }))]);
    const mail = await capture.waitFor(to);
    expect(mail.messageId).toBe(messageIdFor(key, FROM));
    await waitUntil(async () => (await mailQueueHealth(database.pool)).queued === 0);
    await mailer.send(message(to, { key }));
    await new Promise((r) => setTimeout(r, 500));
    expect(ids(to)).toEqual([messageIdFor(key, FROM)]);
  });

  it('gives each unkeyed mail (an identity mail) a Message-ID of its own on the sender’s domain', async () => {
    const to = `unkeyed-${randomUUID()}@example.test`;
    const mailer = queued();
    await mailer.send(message(to));
    await mailer.send(message(to));
    await waitUntil(() => ids(to).length === 2);
    const [first, second] = ids(to);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^<[0-9a-f]{40}@claims-portal\.test>$/);
  });

  it('moves mail not delivered within the retry window to the dead letters, and the CLI re-queues it', async () => {
    const to = `dead-${randomUUID()}@example.test`;
    const down = `smtp://127.0.0.1:${await freePort()}`;
    const mailer = createQueuedMailer(database.pool, {
      transport: createSmtpMailer({ url: down, from: FROM }),
      log: quiet,
      from: FROM,
      keepSeconds: 1,
      retryMs: 200,
    });
    mailers.push(mailer);
    await mailer.send(message(to, { key: 'dead-letter-test' }));
    await waitUntil(async () => (await mailQueueHealth(database.pool)).deadLetters === 1);
    expect(await mailQueueHealth(database.pool)).toMatchObject({ queued: 0, deadLetters: 1 });
    const [row] = (
      await database.pool.query<{ id: string; attempts: number; last_error: string }>(
        'select id, attempts, last_error from mail_dead_letters',
      )
    ).rows;
    expect(row?.attempts).toBeGreaterThanOrEqual(1);
    expect(row?.last_error).toContain('was not delivered');

    const cli = (...args: string[]) =>
      promisify(execFile)('node', ['--import', 'tsx', 'infra/launcher/mail-cli.ts', ...args], {
        env: { ...process.env, DATABASE_URL: database.url },
      });
    const listed = await cli('dead-letters');
    expect(listed.stdout).toContain(to);
    expect(listed.stdout).toContain(messageIdFor('dead-letter-test', FROM));
    expect(listed.stdout).not.toContain('Claim received.');
    await expect(cli('requeue', '999999')).rejects.toMatchObject({ code: 1 });
    await expect(cli('requeue', 'x')).rejects.toMatchObject({ code: 2 });
    expect((await cli('requeue', String(row?.id))).stdout).toContain('requeued 1');

    queued({ idlePollMs: 200 });
    const mail = await capture.waitFor(to, undefined, 10_000);
    expect(mail.messageId).toBe(messageIdFor('dead-letter-test', FROM));
    await waitUntil(async () => (await mailQueueHealth(database.pool)).queued === 0);
    expect(await mailQueueHealth(database.pool)).toMatchObject({ deadLetters: 0 });
  });

  it('requeue --all brings every dead letter back', async () => {
    await database.pool.query(
      `insert into mail_dead_letters (id, message_id, message, attempts, queued_at)
       values (1, '<a@x>', '{}', 3, now()), (2, '<b@x>', '{}', 3, now())`,
    );
    const { requeueDeadLetters } = await import('./mail-dead-letters');
    expect(await requeueDeadLetters(database.pool, 'all')).toBe(2);
    expect(await mailQueueHealth(database.pool)).toMatchObject({ queued: 2, deadLetters: 0 });
  });
});
