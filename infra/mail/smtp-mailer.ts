import { Readable } from 'node:stream';
import { createTransport } from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { DeliveryOptions, Mailer, MailMessage } from '@contracts/mail';
import { withMessageId } from './message-id';

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:port (STARTTLS when offered) or smtps://… (TLS from the start). */
  readonly url: string;
  readonly from: string;
}

/** A customer waits on a sign-in code: fail in seconds, not nodemailer's default minutes. */
const TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const;

/** What went wrong, without the message text (it holds one-time codes) or the SMTP URL (credentials). */
export class MailDeliveryError extends Error {
  constructor(
    readonly to: string,
    readonly reason: { readonly code?: string; readonly responseCode?: number },
  ) {
    const detail = [reason.code, reason.responseCode].filter((part) => part !== undefined);
    super(`mail to ${to} was not delivered${detail.length ? ` (${detail.join(' ')})` : ''}`);
    this.name = 'MailDeliveryError';
  }
}

export function createSmtpMailer({ url, from }: SmtpMailerOptions): Mailer {
  // Options given beside `url` are kept only when the transport is built directly.
  // Pooled: a burst of notifications reuses a few connections instead of one handshake each.
  const transport = createTransport(
    new SMTPPool({ url, pool: true, maxConnections: 3, ...TIMEOUTS }),
    { from },
  );
  transport.use('stream', (mail, done) => {
    const { stillHeld } = mail.data as DeliveryOptions;
    if (stillHeld) mail.message.processFunc((text) => textWhileHeld(text, stillHeld));
    done();
  });
  return {
    async send(message, options) {
      try {
        await transport.sendMail({ ...nodemailerMessage(message, from), ...options });
      } catch (error) {
        throw new MailDeliveryError(message.to, deliveryReason(error));
      }
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * The message's text as the server reads it, once it said "go ahead" (354), and its end (the
 * line with a dot, on which the server delivers) only while the sender still holds the mail.
 * The error leaves the DATA unfinished: nodemailer drops the connection, the server discards it.
 */
function textWhileHeld(text: Readable, stillHeld: () => boolean | Promise<boolean>): Readable {
  const ensureHeld = async () => {
    if (!(await stillHeld())) throw new Error('the mail is no longer held by this sender');
  };
  async function* chunks() {
    await ensureHeld();
    for await (const chunk of text) yield chunk as Buffer;
    await ensureHeld();
  }
  return Readable.from(chunks(), { objectMode: false });
}

function nodemailerMessage(message: MailMessage, from: string) {
  const { to, subject, text, html, lang } = message;
  return {
    to,
    subject,
    text,
    html,
    headers: { 'Content-Language': lang },
    ...withMessageId(message, from),
  };
}

/** Only the codes: a server's reply or the error's message may quote what was sent. */
function deliveryReason(error: unknown): MailDeliveryError['reason'] {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof responseCode === 'number' ? { responseCode } : {}),
  };
}
