/** The mail port: a development outbox (.eml files) or SMTP. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  /** en, fr or cn: the recipient's language, for the record (the texts are already in it). */
  readonly lang: 'en' | 'fr' | 'cn';
  /**
   * What makes this mail one mail (say, an event id and the recipient): the same key is
   * queued once and keeps one Message-ID, so a receiver can drop a repeat.
   */
  readonly key?: string;
  /** The Message-ID header (`<…@domain>`) a transport must use; set by the mail queue. */
  readonly messageId?: string;
  /** W3C trace context of the request that caused it, kept by the mail queue (decision 073). */
  readonly traceparent?: string;
}

/** How one delivery is made. */
export interface DeliveryOptions {
  /**
   * Asked before the text goes out and again before its end (which is what a server delivers
   * on): false once this sender can no longer be sure it is the only one delivering the mail
   * (the mail queue's lease on it ran out, say while the process was frozen). The text is then
   * left unfinished, the server discards it, and the delivery fails: another sender has it.
   */
  readonly stillHeld?: () => boolean | Promise<boolean>;
}

export interface Mailer {
  /** Resolves once the message is handed over (written to the outbox, or accepted by the SMTP server). */
  send(message: MailMessage, options?: DeliveryOptions): Promise<void>;
  close(): Promise<void>;
}
