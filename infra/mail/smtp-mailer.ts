import { createTransport } from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { Mailer, MailMessage } from '@contracts/mail';
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
  return {
    async send(message) {
      try {
        await transport.sendMail(nodemailerMessage(message, from));
      } catch (error) {
        throw new MailDeliveryError(message.to, deliveryReason(error));
      }
    },
    async close() {
      transport.close();
    },
  };
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
