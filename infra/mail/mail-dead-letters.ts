import type pg from 'pg';

export interface DeadLetter {
  readonly id: string;
  readonly messageId: string;
  readonly to: string;
  readonly subject: string;
  readonly attempts: number;
  readonly lastError: string | null;
  readonly queuedAt: Date;
  readonly deadAt: Date;
}

/** The dead letters, oldest first: who, what subject, why; never the text (it may hold codes). */
export async function listDeadLetters(pool: Pick<pg.Pool, 'query'>): Promise<DeadLetter[]> {
  const { rows } = await pool.query<{
    id: string;
    message_id: string;
    to: string;
    subject: string;
    attempts: number;
    last_error: string | null;
    queued_at: Date;
    dead_at: Date;
  }>(
    `select id, message_id, message->>'to' as to, message->>'subject' as subject, attempts,
       last_error, queued_at, dead_at
     from mail_dead_letters order by dead_at, id`,
  );
  return rows.map((row) => ({
    id: row.id,
    messageId: row.message_id,
    to: row.to,
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.last_error,
    queuedAt: row.queued_at,
    deadAt: row.dead_at,
  }));
}

/**
 * Puts dead letters back in the queue (one by id, or all) with a fresh retry window and their
 * Message-ID unchanged; returns how many moved. One statement: a letter is in one table only.
 */
export async function requeueDeadLetters(
  pool: Pick<pg.Pool, 'query'>,
  which: { readonly id: string } | 'all',
  keepSeconds = 24 * 60 * 60,
): Promise<number> {
  const { rowCount } = await pool.query(
    `with moved as (
       delete from mail_dead_letters where $1::bigint is null or id = $1::bigint
       returning message_id, message, queued_at)
     insert into mail_queue (message_id, message, expires_at, queued_at)
     select message_id, message, now() + make_interval(secs => $2), queued_at from moved`,
    [which === 'all' ? null : which.id, keepSeconds],
  );
  return rowCount ?? 0;
}

export interface MailQueueHealth {
  /** Messages waiting to be sent (due, retrying or in flight). */
  readonly queued: number;
  /** How long the oldest waiting message has waited. */
  readonly oldestQueuedSeconds: number;
  /** Messages not delivered within the retry window, waiting for `npm run mail -- requeue`. */
  readonly deadLetters: number;
}

export async function mailQueueHealth(pool: Pick<pg.Pool, 'query'>): Promise<MailQueueHealth> {
  const { rows } = await pool.query<{ queued: number; oldest: number; dead: number }>(
    `select (select count(*) from mail_queue)::int as queued,
       coalesce((select extract(epoch from now() - min(queued_at)) from mail_queue), 0)::float8 as oldest,
       (select count(*) from mail_dead_letters)::int as dead`,
  );
  const row = rows[0];
  return {
    queued: row?.queued ?? 0,
    oldestQueuedSeconds: Math.round((row?.oldest ?? 0) * 10) / 10,
    deadLetters: row?.dead ?? 0,
  };
}
