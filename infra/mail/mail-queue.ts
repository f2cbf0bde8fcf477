import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Mailer, MailMessage } from '@contracts/mail';
import { activeTraceparent, inSpansPerTrace, SpanKind } from '@contracts/trace-context';
import type { Migration } from '../postgres/migrate';
import { messageIdFor, newMailKey } from './message-id';

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
  {
    // One row per message, leased to one sender; a ledger of what was sent (Message-IDs only,
    // no text) so a repeat is not queued again; dead letters instead of deletion.
    id: '510-mail-queue-leases',
    sql: `
      alter table mail_queue
        add column message_id text,
        add column lease_owner text,
        add column lease_expires_at timestamptz,
        add column queued_at timestamptz not null default now();
      update mail_queue set message_id = '<' || gen_random_uuid() || '@claims-portal.local>';
      alter table mail_queue alter column message_id set not null;
      create unique index mail_queue_message_id on mail_queue (message_id);
      create table mail_sent (
        message_id text primary key,
        sent_at timestamptz not null default now()
      );
      create index mail_sent_at on mail_sent (sent_at);
      create table mail_dead_letters (
        id bigint primary key,
        message_id text not null unique,
        message jsonb not null,
        attempts int not null,
        last_error text,
        queued_at timestamptz not null,
        dead_at timestamptz not null default now()
      );
    `,
  },
];

export interface QueuedMailerOptions {
  /** Delivery itself: SMTP. */
  readonly transport: Mailer;
  readonly log: Pick<Logger, 'warn' | 'info'>;
  /** The sender address: its domain ends every Message-ID. */
  readonly from?: string;
  /** First retry after this long, doubling up to `maxRetryMs`. */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
  /** The retry window: a mail not delivered within it moves to the dead letters. */
  readonly keepSeconds?: number;
  /** How long a sender holds a row it took; renewed while the SMTP exchange lasts. */
  readonly leaseMs?: number;
  /**
   * How many messages this process sends at once (one leased row each); a crash re-sends at
   * most this many. One by default: at most the one message in flight.
   */
  readonly senders?: number;
  /** While the queue looks empty, look again this often (rows re-queued by the CLI). */
  readonly idlePollMs?: number;
  /** Who holds a lease: for the record (host, pid, instance). */
  readonly owner?: string;
}

/** How long a sent mail waits for the database to record it (a Postgres restart takes seconds). */
const MARK_SENT_PATIENCE_MS = 60_000;

interface LeasedRow {
  id: string;
  message_id: string;
  message: MailMessage;
  attempts: number;
  /**
   * Until when (performance.now(), this process's monotonic clock) the lease is surely ours:
   * counted from before the statement that took or renewed it.
   */
  heldUntil: number;
}

/**
 * Mail that survives an SMTP outage and a crash: `send` stores one row per message (the same
 * key is queued once) and resolves. Senders lease one row at a time in a one-statement
 * transaction (`FOR UPDATE SKIP LOCKED`, committed before SMTP is spoken), hand it to the
 * server, and mark it sent in its own statement right after the server accepted it: a crash
 * re-sends at most the messages in flight, with their Message-ID unchanged. A row whose
 * lease expired (its sender died) is taken again. Mail still undelivered at the end of the
 * retry window moves to `mail_dead_letters`; `npm run mail -- requeue` brings it back.
 * Messages hold one-time codes: nothing of their text is logged.
 */
export function createQueuedMailer(pool: pg.Pool, options: QueuedMailerOptions): Mailer {
  const retryMs = options.retryMs ?? 1_000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const keepSeconds = options.keepSeconds ?? 24 * 60 * 60;
  const leaseMs = options.leaseMs ?? 10_000;
  // How long after a lease was taken or renewed this sender trusts it: a fifth kept as margin
  // (as for the elected roles' leases, decision 112).
  const trustedMs = leaseMs - leaseMs / 5;
  const senders = options.senders ?? 1;
  const idlePollMs = options.idlePollMs ?? 15_000;
  const from = options.from ?? 'claims@claims-portal.local';
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

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
        await moveExpiredToDeadLetters();
        await Promise.all(Array.from({ length: senders }, sendWhileDue));
      } while (again && !closed);
      const wait = await nextAttemptInMs();
      if (!closed) kickIn(Math.min(wait ?? idlePollMs, idlePollMs));
    })()
      .catch((error: unknown) => {
        // 42P01/42703: the queue's tables are not migrated yet (a first start).
        const code = (error as { code?: string }).code;
        if (code !== '42P01' && code !== '42703')
          options.log.warn({ err: error }, 'mail queue: delivery round failed');
        if (!closed) kickIn(retryMs);
      })
      .finally(() => {
        running = undefined;
      });
  }

  async function sendWhileDue(): Promise<void> {
    while (!closed) {
      const row = await lease();
      if (!row) return;
      await deliver(row);
    }
  }

  /** Takes the oldest due row nobody holds; the statement is its own short transaction. */
  async function lease(): Promise<LeasedRow | undefined> {
    const askedAt = performance.now();
    const { rows } = await pool.query<Omit<LeasedRow, 'heldUntil'>>(
      `update mail_queue set lease_owner = $1,
         lease_expires_at = now() + make_interval(secs => $2::float8 / 1000)
       where id = (
         select id from mail_queue
         where next_attempt_at <= now() and expires_at > now()
           and (lease_expires_at is null or lease_expires_at <= now())
         order by id limit 1 for update skip locked)
       returning id, message_id, message, attempts`,
      [owner, leaseMs],
    );
    const row = rows[0];
    return row && { ...row, heldUntil: askedAt + trustedMs };
  }

  async function deliver(row: LeasedRow): Promise<void> {
    const renewal = setInterval(() => void renew(row), leaseMs / 3);
    try {
      // The trace of the request that caused the mail continues here (decision 073). A sender
      // frozen past its lease sends no text on waking: another one has the row by then.
      await inSpansPerTrace(
        'mail deliver',
        [row.message.traceparent],
        () =>
          options.transport.send(
            { ...row.message, messageId: row.message_id },
            { stillHeld: () => stillHeld(row) },
          ),
        SpanKind.CLIENT,
      );
    } catch (error) {
      clearInterval(renewal);
      await failed(row, error);
      return;
    }
    clearInterval(renewal);
    await markSent(row);
  }

  /**
   * Right after the server accepted it, in its own statement: a crash now re-sends this one
   * only. A database that is restarting is waited for: giving up would leave the row to be
   * leased and sent again once its lease ran out, and nobody can lease it while the database
   * is down.
   */
  async function markSent(row: LeasedRow): Promise<void> {
    const deadline = Date.now() + MARK_SENT_PATIENCE_MS;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await pool.query(
          `with gone as (delete from mail_queue where id = $1 returning message_id)
           insert into mail_sent (message_id) select message_id from gone on conflict do nothing`,
          [row.id],
        );
        return;
      } catch (error) {
        if (closed || Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, Math.min(1_000, 50 * 2 ** attempt)));
      }
    }
  }

  /**
   * Whether the row is still this sender's, by its own clock and then by the row itself: a
   * paused VM's monotonic clock may not have advanced, the row's lease owner tells the truth.
   */
  async function stillHeld(row: LeasedRow): Promise<boolean> {
    if (performance.now() >= row.heldUntil) return false;
    const { rowCount } = await pool.query(
      'select 1 from mail_queue where id = $1 and lease_owner = $2 and lease_expires_at > now()',
      [row.id, owner],
    );
    return rowCount === 1;
  }

  async function renew(row: LeasedRow): Promise<void> {
    const askedAt = performance.now();
    // Renewed only while it is still ours: once it ran out, another sender may have it.
    if (askedAt >= row.heldUntil) return;
    const { rowCount } = await pool
      .query(
        `update mail_queue set lease_expires_at = now() + make_interval(secs => $3::float8 / 1000)
         where id = $1 and lease_owner = $2 and lease_expires_at > now()`,
        [row.id, owner, leaseMs],
      )
      .catch(() => ({ rowCount: 0 }));
    if (rowCount === 1) row.heldUntil = askedAt + trustedMs;
  }

  async function failed(row: LeasedRow, error: unknown): Promise<void> {
    const delay = Math.min(maxRetryMs, retryMs * 2 ** row.attempts);
    // The error's message only: MailDeliveryError never quotes the mail.
    const reason = error instanceof Error ? error.message : 'delivery failed';
    // Only a row still leased to this sender: another may have taken it once the lease ran out.
    const { rowCount } = await pool.query(
      `update mail_queue set attempts = attempts + 1, last_error = $2,
         lease_owner = null, lease_expires_at = null,
         next_attempt_at = now() + make_interval(secs => $3::float8 / 1000)
       where id = $1 and lease_owner = $4`,
      [row.id, reason, delay, owner],
    );
    if (rowCount === 0) {
      options.log.info({ mailId: row.id }, 'mail queue: the lease ran out; another sender has it');
      return;
    }
    options.log.warn(
      { mailId: row.id, attempts: row.attempts + 1, reason },
      'mail queue: delivery failed, will retry',
    );
  }

  async function moveExpiredToDeadLetters(): Promise<void> {
    // The ledger only stops a late repeat of a sent mail from being queued again.
    await pool.query(`delete from mail_sent where sent_at < now() - interval '30 days'`);
    const moved = await moveToDeadLetters(pool);
    if (moved > 0)
      options.log.warn(
        { deadLetters: moved },
        'mail queue: mail not delivered within the retry window moved to the dead letters (npm run mail -- dead-letters)',
      );
  }

  /** How long until a waiting row is due (retry, lease or window end); undefined when none waits. */
  async function nextAttemptInMs(): Promise<number | undefined> {
    // No greatest(0, …) here: it ignores a NULL, so an empty queue would read as "due now".
    const { rows } = await pool.query<{ ms: number | null }>(
      `select (extract(epoch from min(least(expires_at,
         greatest(next_attempt_at, coalesce(lease_expires_at, next_attempt_at)))) - now()) * 1000)::float8 as ms
       from mail_queue`,
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? undefined : Math.max(0, Math.ceil(ms));
  }

  // Mail an earlier run left behind (it stopped, crashed, or its SMTP server was down).
  kick();

  return {
    async send(message) {
      const key = message.key ?? newMailKey();
      await pool.query(
        `insert into mail_queue (message_id, message, expires_at)
         select $1, $2, now() + make_interval(secs => $3)
         where not exists (select 1 from mail_sent where message_id = $1)
           and not exists (select 1 from mail_dead_letters where message_id = $1)
         on conflict (message_id) do nothing`,
        [
          messageIdFor(key, from),
          JSON.stringify({
            ...message,
            key,
            traceparent: activeTraceparent() ?? message.traceparent,
          }),
          keepSeconds,
        ],
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

/** Moves rows past their retry window (and held by no live sender) to the dead letters. */
async function moveToDeadLetters(pool: Pick<pg.Pool, 'query'>): Promise<number> {
  const { rowCount } = await pool.query(
    `with moved as (
       delete from mail_queue
       where expires_at <= now() and (lease_expires_at is null or lease_expires_at <= now())
       returning id, message_id, message, attempts, last_error, queued_at)
     insert into mail_dead_letters (id, message_id, message, attempts, last_error, queued_at)
     select id, message_id, message, attempts, last_error, queued_at from moved`,
  );
  return rowCount ?? 0;
}
