import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '@contracts/mail';
import { freePort } from '@tests/support/free-port';
import { type SmtpCapture, startSmtpCapture } from '@tests/support/smtp-capture';
import { createSmtpMailer, MailDeliveryError } from './smtp-mailer';

const FROM = 'claims@claims-portal.test';
const FRENCH_SUBJECT = 'Réclamation — code à usage unique';
const CODE_PATTERN = /Code ?: ([A-Za-z0-9]+)/;

const recipient = () => `claimant-${randomUUID()}@example.test`;

function frenchMessage(to: string, code = '493817'): MailMessage {
  return {
    to,
    subject: FRENCH_SUBJECT,
    text: `Voici votre code à usage unique.\n\nCode : ${code}\n\nIl expire dans 10 minutes.\n`,
    lang: 'fr',
  };
}

/** A real server that turns every recipient away, as one does for an unknown mailbox. */
async function startRefusingServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('SMTP mailer', () => {
  let capture: SmtpCapture;
  let mailer: Mailer;
  beforeAll(async () => {
    capture = await startSmtpCapture();
    mailer = createSmtpMailer({ url: capture.url, from: FROM });
  });
  afterAll(async () => {
    await mailer?.close();
    await capture?.stop();
  });

  it('hands the message to the server with its sender, recipient, subject and UTF-8 French text', async () => {
    const to = recipient();
    await mailer.send(frenchMessage(to));
    const received = await capture.waitFor(to);
    expect(received.subject).toBe(FRENCH_SUBJECT);
    expect(received.text).toContain('Voici votre code à usage unique.');
    expect(received.text).toMatch(/^Code : 493817$/m);
    expect(received.from?.value).toEqual([{ address: FROM, name: '' }]);
    expect(received.to).toMatchObject({ value: [{ address: to }] });
    expect(received.headers.get('content-language')).toBe('fr');
  });

  it('sends the HTML part beside the text when there is one', async () => {
    const to = recipient();
    await mailer.send({ ...frenchMessage(to), html: '<p>Réclamation reçue</p>' });
    const received = await capture.waitFor(to);
    expect(received.html).toContain('<p>Réclamation reçue</p>');
    expect(received.text).toContain('Code : 493817');
  });

  it('signs in when the URL carries credentials', async () => {
    const authenticated = createSmtpMailer({
      url: capture.url.replace('smtp://', 'smtp://claims:s3cret@'),
      from: FROM,
    });
    const to = recipient();
    try {
      await authenticated.send(frenchMessage(to));
    } finally {
      await authenticated.close();
    }
    expect((await capture.waitFor(to)).subject).toBe(FRENCH_SUBJECT);
  });

  it('throws a MailDeliveryError without the text when the server refuses the recipient', async () => {
    const refusing = await startRefusingServer();
    const refused = createSmtpMailer({ url: refusing.url, from: FROM });
    const to = recipient();
    try {
      const error = await refused.send(frenchMessage(to, '731904')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailDeliveryError);
      expect(error).toMatchObject({ to, reason: { code: 'EENVELOPE', responseCode: 550 } });
      expect(JSON.stringify(error)).not.toContain('731904');
      expect((error as Error).message).not.toMatch(/731904|Voici|Réclamation/);
    } finally {
      await refused.close();
      await refusing.stop();
    }
  });

  it('sends no text once the sender no longer holds the mail (its lease ran out mid-session)', async () => {
    let release: () => void = () => {};
    const atRecipient = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = true;
    // The server holds the sender at its recipient, as a freeze (SIGSTOP) would: the lease
    // runs out meanwhile, and the session goes on only after that.
    const own = await startSmtpCapture(undefined, {
      onRecipient: () => (holding ? atRecipient : undefined),
    });
    const guarded = createSmtpMailer({ url: own.url, from: FROM });
    let held = true;
    const lost = recipient();
    try {
      const sending = guarded.send(frenchMessage(lost, '582046'), { stillHeld: () => held });
      await new Promise((resolve) => setTimeout(resolve, 200));
      held = false;
      holding = false;
      release();
      const error = await sending.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailDeliveryError);
      const next = recipient();
      await guarded.send(frenchMessage(next), { stillHeld: () => true });
      expect((await own.waitFor(next)).subject).toBe(FRENCH_SUBJECT);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(own.messages.map((mail) => mail.text)).not.toContainEqual(
        expect.stringContaining('582046'),
      );
    } finally {
      await guarded.close();
      await own.stop();
    }
  });

  it('throws a MailDeliveryError naming no credentials when nothing listens', async () => {
    const url = `smtp://claims:s3cret@127.0.0.1:${await freePort()}`;
    const unreachable = createSmtpMailer({ url, from: FROM });
    const error = await unreachable.send(frenchMessage(recipient())).catch((e: unknown) => e);
    await unreachable.close();
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect(error).toMatchObject({ reason: { code: 'ESOCKET' } });
    expect((error as Error).message).not.toContain('s3cret');
  });
});

describe('SMTP capture', () => {
  let capture: SmtpCapture;
  let mailer: Mailer;
  beforeAll(async () => {
    capture = await startSmtpCapture();
    mailer = createSmtpMailer({ url: capture.url, from: FROM });
  });
  afterAll(async () => {
    await mailer?.close();
    await capture?.stop();
  });

  it('finds a message that arrived before waitFor was called', async () => {
    const to = recipient();
    await mailer.send(frenchMessage(to));
    expect((await capture.waitFor(to)).subject).toBe(FRENCH_SUBJECT);
  });

  it('waits for a message that arrives after waitFor was called', async () => {
    const to = recipient();
    const waiting = capture.waitFor(to);
    await mailer.send(frenchMessage(to));
    expect((await waiting).subject).toBe(FRENCH_SUBJECT);
  });

  it('gives each message to one waitFor only, in arrival order', async () => {
    const to = recipient();
    await mailer.send(frenchMessage(to, '111111'));
    await mailer.send(frenchMessage(to, '222222'));
    expect(await capture.codeFor(to, CODE_PATTERN)).toBe('111111');
    expect(await capture.codeFor(to, CODE_PATTERN)).toBe('222222');
    await expect(capture.waitFor(to, undefined, 200)).rejects.toThrow(`no mail to ${to}`);
  });

  it('matches the recipient in any case, and skips messages the predicate refuses', async () => {
    const to = recipient();
    await mailer.send({ ...frenchMessage(to), subject: 'Bienvenue' });
    await mailer.send(frenchMessage(to, '654321'));
    const coded = await capture.waitFor(to.toUpperCase(), (m) => m.subject === FRENCH_SUBJECT);
    expect(coded.text).toContain('Code : 654321');
    expect((await capture.waitFor(to)).subject).toBe('Bienvenue');
  });

  it('reads a code with a global pattern on every call', async () => {
    const to = recipient();
    const globalPattern = /Code ?: ([A-Za-z0-9]+)/g;
    await mailer.send(frenchMessage(to, '135790'));
    await mailer.send(frenchMessage(to, '246802'));
    expect(await capture.codeFor(to, globalPattern)).toBe('135790');
    expect(await capture.codeFor(to, globalPattern)).toBe('246802');
  });

  it('keeps every message in arrival order, taken or not', async () => {
    const to = recipient();
    await mailer.send(frenchMessage(to, '909090'));
    expect(capture.messages.at(-1)?.text).toContain('Code : 909090');
  });

  it('tells a waiting test what did arrive when its mail never does', async () => {
    const to = recipient();
    await expect(capture.waitFor(to, undefined, 100)).rejects.toThrow(/within 100 ms; arrived: /);
  });

  it('fails a waiting test at once when it is stopped, rather than at its timeout', async () => {
    const own = await startSmtpCapture();
    const waiting = own.waitFor(recipient(), undefined, 60_000);
    await own.stop();
    await expect(waiting).rejects.toThrow('the SMTP capture was stopped');
  });
});
