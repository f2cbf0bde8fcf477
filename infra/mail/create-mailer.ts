import { join } from 'node:path';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Mailer } from '@contracts/mail';
import type { Config } from '../config/config';
import { getLogger } from '../logging/logger';
import { createQueuedMailer } from './mail-queue';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

/**
 * SMTP when SMTP_URL is set, through the mail queue in Postgres when a pool is given (so an
 * SMTP outage delays mail instead of losing it); otherwise `.eml` files under
 * `{DATA_DIR}/mail` and a log line each.
 */
export function createMailer(
  config: Config,
  log: Pick<Logger, 'info' | 'warn'> = getLogger(),
  pool?: pg.Pool,
): Mailer {
  if (config.SMTP_URL !== undefined) {
    const transport = createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
    return pool ? createQueuedMailer(pool, { transport, log, from: config.MAIL_FROM }) : transport;
  }
  return createOutboxMailer({ dir: join(config.DATA_DIR, 'mail'), from: config.MAIL_FROM, log });
}
