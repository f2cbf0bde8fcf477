import { createHash, randomUUID } from 'node:crypto';
import type { MailMessage } from '@contracts/mail';

/**
 * A Message-ID (RFC 5322 `<left@domain>`) that depends only on `key` and the sender's
 * domain: a mail re-sent after a crash carries the same one, and a receiver can drop it.
 */
export function messageIdFor(key: string, from: string): string {
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 40);
  return `<${digest}@${domainOf(from)}>`;
}

/** A key for a mail that has none of its own (an identity mail): unique, kept with its row. */
export const newMailKey = (): string => `mail:${randomUUID()}`;

function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf('@') + 1).trim();
  return /^[A-Za-z0-9.-]+$/.test(domain) && domain.length > 0 ? domain : 'claims-portal.local';
}

/** The queue's Message-ID, or one derived from the mail's key; the library's random one otherwise. */
export function withMessageId(message: MailMessage, from: string): { messageId?: string } {
  if (message.messageId) return { messageId: message.messageId };
  return message.key ? { messageId: messageIdFor(message.key, from) } : {};
}
