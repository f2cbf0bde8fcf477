import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { Logger } from 'pino';
import type { Mailer, MailMessage } from '@contracts/mail';
import { writeAtomically } from '../files/write-atomically';
import { withMessageId } from './message-id';

export interface OutboxMailerOptions {
  readonly dir: string;
  readonly from: string;
  readonly log: Pick<Logger, 'info'>;
}

/** Development mail: each message is an `.eml` file in `dir`, announced by one log line. */
export function createOutboxMailer({ dir, from, log }: OutboxMailerOptions): Mailer {
  return {
    async send(message) {
      const eml = await composeEml(from, message);
      await mkdir(dir, { recursive: true });
      const file = join(dir, outboxFileName(new Date()));
      await writeAtomically(file, eml);
      // Never the text: it holds one-time codes, and logs are kept longer than mail.
      log.info({ file, to: message.to, subject: message.subject }, 'mail written to the outbox');
    },
    async close() {},
  };
}

/** An RFC 5322 message, CRLF line ends, with Date and Message-ID, as an SMTP server would get it. */
function composeEml(from: string, message: MailMessage): Promise<Buffer> {
  const { to, subject, text, html, lang } = message;
  const composer = new MailComposer({
    from,
    to,
    subject,
    text,
    html,
    headers: { 'Content-Language': lang },
    ...withMessageId(message, from),
  });
  return composer.compile().build();
}

/**
 * ISO 8601 basic format (`20250102T030405.678Z`): sorts by time like the extended format,
 * without the colons that some file systems and tools refuse.
 */
export function outboxFileName(at: Date): string {
  const time = at.toISOString().replaceAll(/[-:]/g, '');
  return `${time}-${randomBytes(4).toString('hex')}.eml`;
}
