import type pg from 'pg';
import type { Logger } from 'pino';
import type { Mailer, MailMessage } from '@contracts/mail';
import type { Migration } from '../postgres/migrate';

export const mailQueueMigrations: Migration[] = [
  {
    id: '500-mail-queue',
    sql: `
      create table mail_queue (
        id bigint generated always as identity primary key,
        message jsonb not null,
        attempts int not null default 0,
        next_attempt_at timestamptz not null default now(),
        expires_at timestamptz not null,
        last_error text
      );
      create index mail_queue_due on mail_queue (next_attempt_at);
    `,
  },
];

export interface QueuedMailerOptions {
  /** Delivery itself: SMTP. */
  readonly transport: Mailer;
  readonly log: Pick<Logger, 'warn' | 'info'>;
  /** First retry after this long, doubling up to `maxRetryMs`. */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
  /** A mail not delivered within this long is dropped (codes are long expired by then). */
  readonly keepSeconds?: number;
}

interface QueuedRow {
  id: string;
  message: MailMessage;
  attempts: number;
}

/**
 * Mail that survives an SMTP outage: `send` stores the message in Postgres and resolves;
 * a worker delivers it at once, and when the server is down retries with backoff until it
 * returns, then deletes it. Rows are taken with SKIP LOCKED, so portal processes sharing
 * the database never send one twice. Messages hold one-time codes: nothing of their text
 * is logged, and a row lives only until it is delivered or expires.
 */
export function createQueuedMailer(pool: pg.Pool, options: QueuedMailerOptions): Mailer {
  const retryMs = options.retryMs ?? 1_000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const keepSeconds = options.keepSeconds ?? 24 * 60 * 60;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  /** Only while mail waits: an empty queue costs nothing. */
  function kickIn(ms: number): void {
    clearTimeout(retry);
    retry = setTimeout(kick, ms);
    retry.unref();
  }

  function kick(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        while ((await deliverDue()) > 0 && !closed);
      } while (again && !closed);
      const wait = await nextAttemptInMs();
      if (wait !== undefined && !closed) kickIn(wait);
    })()
      .catch((error: unknown) => {
        // 42P01: the queue's table is not migrated yet (a first start): nothing can wait in it.
        if ((error as { code?: string }).code === '42P01') return;
        options.log.warn({ err: error }, 'mail queue: delivery round failed');
        if (!closed) kickIn(retryMs);
      })
      .finally(() => {
        running = undefined;
      });
  }

  /** How long until the next mail waiting for a retry is due; undefined when none waits. */
  async function nextAttemptInMs(): Promise<number | undefined> {
    const { rows } = await pool.query<{ ms: number | null }>(
      `select greatest(0, extract(epoch from min(next_attempt_at) - now()) * 1000)::float8 as ms
       from mail_queue`,
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? undefined : Math.ceil(ms);
  }

  /** Delivers the mails that are due, a few at a time; returns how many it tried. */
  async function deliverDue(): Promise<number> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const expired = await client.query('delete from mail_queue where expires_at <= now()');
      if (expired.rowCount)
        options.log.warn({ dropped: expired.rowCount }, 'mail queue: undelivered mail expired');
      const { rows } = await client.query<QueuedRow>(
        `select id, message, attempts from mail_queue where next_attempt_at <= now()
         order by id limit 10 for update skip locked`,
      );
      for (const row of rows) await deliver(client, row);
      await client.query('commit');
      return rows.length;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async function deliver(client: pg.PoolClient, row: QueuedRow): Promise<void> {
    try {
      await options.transport.send(row.message);
      await client.query('delete from mail_queue where id = $1', [row.id]);
    } catch (error) {
      const delay = Math.min(maxRetryMs, retryMs * 2 ** row.attempts);
      // The error's name and message only: MailDeliveryError never quotes the mail.
      const reason = error instanceof Error ? error.message : 'delivery failed';
      await client.query(
        `update mail_queue set attempts = attempts + 1, last_error = $2,
           next_attempt_at = now() + make_interval(secs => $3::float8 / 1000) where id = $1`,
        [row.id, reason, delay],
      );
      options.log.warn(
        { mailId: row.id, attempts: row.attempts + 1, reason },
        'mail queue: delivery failed, will retry',
      );
    }
  }

  // Mail an earlier run left behind (it stopped, or its SMTP server was down).
  kick();

  return {
    async send(message) {
      await pool.query(
        `insert into mail_queue (message, expires_at)
         values ($1, now() + make_interval(secs => $2))`,
        [JSON.stringify(message), keepSeconds],
      );
      kick();
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await running;
      await options.transport.close();
    },
  };
}
