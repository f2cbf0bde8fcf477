import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port';

export interface SmtpCapture {
  /** smtp://127.0.0.1:{port}: give it to SMTP_URL or createSmtpMailer. */
  readonly url: string;
  /** Every message received, in arrival order, consumed or not. */
  readonly messages: ParsedMail[];
  /**
   * The first message to `to` (envelope recipient, any case) matching `predicate` that no
   * earlier waitFor took, whether it arrived before this call or arrives within `timeoutMs`.
   */
  waitFor(
    to: string,
    predicate?: (mail: ParsedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ParsedMail>;
  /** Waits for a mail to `to` whose text matches `pattern`, and returns its capture group 1. */
  codeFor(to: string, pattern: RegExp, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

interface Arrival {
  readonly mail: ParsedMail;
  readonly recipients: readonly string[];
  consumed: boolean;
}

interface Waiter {
  readonly accepts: (arrival: Arrival) => boolean;
  settle(arrival: Arrival): void;
  fail(error: Error): void;
}

// Long enough for a request that hashes a password before it sends mail.
const DEFAULT_TIMEOUT_MS = 10_000;

export interface SmtpCaptureHooks {
  /**
   * A sender named a recipient (RCPT TO): `user` is who signed in (the SMTP URL's user). The
   * server answers once this resolves: a test can hold a sender in the middle of a message,
   * before it sends the text.
   */
  readonly onRecipient?: (user: string | undefined) => void | Promise<void>;
}

/** A real SMTP server on 127.0.0.1 and a free port: no TLS, any credentials or none accepted. */
export async function startSmtpCapture(
  port?: number,
  hooks: SmtpCaptureHooks = {},
): Promise<SmtpCapture> {
  const mailbox = createMailbox();
  const server = createServer(mailbox.receive, hooks);
  const listening = await listen(server, port ?? (process.env.PORT_RANGE ? await freePort() : 0));
  // A sender killed mid-session (the fault tests do that) resets its connection; smtp-server
  // reports it on the server, where no listener would make it an uncaught exception.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE')
      console.error('smtp capture:', error);
  });
  return {
    url: `smtp://127.0.0.1:${listening}`,
    messages: mailbox.messages,
    waitFor: mailbox.waitFor,
    async codeFor(to, pattern, timeoutMs) {
      const once = withoutGlobalFlags(pattern);
      const mail = await mailbox.waitFor(to, (m) => once.test(m.text ?? ''), timeoutMs);
      const code = once.exec(mail.text ?? '')?.[1];
      if (code === undefined) throw new Error(`${pattern} has no capture group 1`);
      return code;
    },
    async stop() {
      mailbox.cancelWaiting();
      await new Promise<void>((resolve) => server.close(resolve));
    },
  };
}

/** Hands each arrival to the first waiter that wants it, or keeps it for a later one. */
function createMailbox() {
  const arrivals: Arrival[] = [];
  const messages: ParsedMail[] = [];
  const waiters = new Set<Waiter>();

  const receive = (mail: ParsedMail, recipients: readonly string[]) => {
    const arrival: Arrival = { mail, recipients: recipients.map(normalize), consumed: false };
    arrivals.push(arrival);
    messages.push(mail);
    [...waiters].find((waiter) => waiter.accepts(arrival))?.settle(arrival);
  };

  const waitFor: SmtpCapture['waitFor'] = (
    to,
    predicate = () => true,
    timeoutMs = DEFAULT_TIMEOUT_MS,
  ) =>
    new Promise((resolve, reject) => {
      const accepts = recipientMatcher(to, predicate);
      const earlier = arrivals.find(accepts);
      if (earlier) {
        earlier.consumed = true;
        resolve(earlier.mail);
        return;
      }
      const waiter: Waiter = {
        accepts,
        settle(arrival) {
          arrival.consumed = true;
          done();
          resolve(arrival.mail);
        },
        fail(error) {
          done();
          reject(error);
        },
      };
      const timer = setTimeout(
        () =>
          waiter.fail(new Error(`no mail to ${to} within ${timeoutMs} ms; ${summary(arrivals)}`)),
        timeoutMs,
      );
      const done = () => {
        clearTimeout(timer);
        waiters.delete(waiter);
      };
      waiters.add(waiter);
    });

  const cancelWaiting = () => {
    for (const waiter of [...waiters]) waiter.fail(new Error('the SMTP capture was stopped'));
  };

  return { messages, receive, waitFor, cancelWaiting };
}

function createServer(
  receive: (mail: ParsedMail, recipients: readonly string[]) => void,
  hooks: SmtpCaptureHooks,
) {
  return new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    // A reverse DNS lookup per connection can stall for seconds where DNS is unreachable.
    disableReverseLookup: true,
    // A client that never says QUIT must not hold stop() for the default 30 s.
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onRcptTo(_address, session, callback) {
      const user = typeof session.user === 'string' ? session.user : undefined;
      Promise.resolve(hooks.onRecipient?.(user)).then(() => callback(), callback);
    },
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      simpleParser(stream).then((mail) => {
        receive(mail, recipients);
        callback();
      }, callback);
    },
  });
}

function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

function recipientMatcher(to: string, predicate: (mail: ParsedMail) => boolean) {
  const address = normalize(to);
  return (arrival: Arrival) =>
    !arrival.consumed && arrival.recipients.includes(address) && safely(predicate, arrival.mail);
}

/** A predicate that throws (say, on a mail without text) only means "not this one". */
function safely(predicate: (mail: ParsedMail) => boolean, mail: ParsedMail): boolean {
  try {
    return predicate(mail);
  } catch {
    return false;
  }
}

const normalize = (address: string) => address.trim().toLowerCase();

/** With `g` or `y`, test() and exec() resume from lastIndex and miss a match on the next mail. */
function withoutGlobalFlags(pattern: RegExp): RegExp {
  return new RegExp(pattern.source, pattern.flags.replaceAll(/[gy]/g, ''));
}

// The latest few: a capture shared by a whole test file may hold hundreds.
const SUMMARY_SIZE = 10;

function summary(arrivals: readonly Arrival[]): string {
  if (arrivals.length === 0) return 'no mail arrived at all';
  const lines = arrivals
    .slice(-SUMMARY_SIZE)
    .map(
      (a) => `${a.recipients.join(', ')}: "${a.mail.subject ?? ''}"${a.consumed ? ' (taken)' : ''}`,
    );
  return `arrived: ${lines.join('; ')}`;
}
