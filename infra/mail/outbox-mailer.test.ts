import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '@contracts/mail';
import { createOutboxMailer, outboxFileName } from './outbox-mailer';

const FROM = 'claims@claims-portal.test';
const CODE = '493817';
const MESSAGE: MailMessage = {
  to: 'claimant@example.test',
  subject: 'Réclamation — code à usage unique',
  text: `Voici votre code à usage unique.\n\nCode : ${CODE}\n\nIl expire dans 10 minutes.\n`,
  lang: 'fr',
};

/** A real pino logger writing JSON lines to memory, as the process logger writes to stdout. */
function memoryLogger() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  return { log, lines, records: () => lines.map((line) => JSON.parse(line)) };
}

describe('outbox mailer', () => {
  let parent: string;
  let dir: string;
  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'outbox-'));
    // One level down: the mailer makes its folder on first use, as with a fresh DATA_DIR.
    dir = join(parent, 'mail');
  });
  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('writes one .eml file named by time, and no temporary file', async () => {
    const { log } = memoryLogger();
    await createOutboxMailer({ dir, from: FROM, log }).send(MESSAGE);
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{6}\.\d{3}Z-[0-9a-f]{8}\.eml$/);
  });

  it('writes an RFC 5322 message that a mail parser reads back, UTF-8 French intact', async () => {
    const { log } = memoryLogger();
    await createOutboxMailer({ dir, from: FROM, log }).send(MESSAGE);
    const [file] = await readdir(dir);
    const eml = await readFile(join(dir, file!));
    const parsed = await simpleParser(eml);

    expect(parsed.subject).toBe(MESSAGE.subject);
    expect(parsed.text).toBe(MESSAGE.text);
    expect(parsed.from?.value).toEqual([{ address: FROM, name: '' }]);
    expect(parsed.to).toMatchObject({ value: [{ address: MESSAGE.to }] });
    expect(parsed.headers.get('content-language')).toBe('fr');
    expect(parsed.messageId).toMatch(/^<.+@.+>$/);
    expect(parsed.date).toBeInstanceOf(Date);
    // Header lines end in CRLF, as on the wire; the subject is encoded, not raw UTF-8.
    expect(eml.toString('latin1')).toMatch(/\r\nSubject: =\?UTF-8\?/);
  });

  it('logs one line naming the file, the recipient and the subject, and nothing of the text', async () => {
    const { log, lines, records } = memoryLogger();
    await createOutboxMailer({ dir, from: FROM, log }).send(MESSAGE);
    const [file] = await readdir(dir);

    expect(records()).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'mail written to the outbox',
        file: join(dir, file!),
        to: MESSAGE.to,
        subject: MESSAGE.subject,
      }),
    ]);
    expect(lines.join('')).not.toContain(CODE);
    expect(lines.join('')).not.toContain('Voici');
  });

  it('keeps every message in a file of its own', async () => {
    const { log } = memoryLogger();
    const mailer = createOutboxMailer({ dir, from: FROM, log });
    await Promise.all(
      ['a', 'b', 'c'].map((name) => mailer.send({ ...MESSAGE, to: `${name}@example.test` })),
    );
    expect(await readdir(dir)).toHaveLength(3);
  });

  it('logs nothing when the file cannot be written', async () => {
    const { log, lines } = memoryLogger();
    await writeFile(dir, 'a file where the folder should be');
    await expect(createOutboxMailer({ dir, from: FROM, log }).send(MESSAGE)).rejects.toThrow();
    expect(lines).toEqual([]);
  });
});

describe('outbox file names', () => {
  it('start with the time in ISO 8601 basic format, so they sort by time', () => {
    const earlier = outboxFileName(new Date('2025-01-02T03:04:05.678Z'));
    const later = outboxFileName(new Date('2025-01-02T03:04:05.679Z'));
    expect(earlier).toMatch(/^20250102T030405\.678Z-[0-9a-f]{8}\.eml$/);
    expect([later, earlier].sort()).toEqual([earlier, later]);
  });
});
