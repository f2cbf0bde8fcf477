import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Mailer } from '@contracts/mail';
import type { Config } from '../config/config';
import { getLogger } from '../logging/logger';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set; otherwise `.eml` files under `{DATA_DIR}/mail` and a log line each. */
export function createMailer(config: Config, log: Pick<Logger, 'info'> = getLogger()): Mailer {
  if (config.SMTP_URL !== undefined) {
    return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
  }
  return createOutboxMailer({ dir: join(config.DATA_DIR, 'mail'), from: config.MAIL_FROM, log });
}
