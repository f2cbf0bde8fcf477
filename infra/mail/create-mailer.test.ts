import { randomUUID } from 'node:crypto';
import { access, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '@contracts/mail';
import { type SmtpCapture, startSmtpCapture } from '@tests/support/smtp-capture';
import { parseConfig } from '../config/config';
import { createMailer } from './create-mailer';

const FROM = 'sinistres@claims-portal.test';
const message = (to: string): MailMessage => ({
  to,
  subject: 'Réclamation — code à usage unique',
  text: 'Code : 493817\n',
  lang: 'fr',
});

describe('createMailer', () => {
  let capture: SmtpCapture;
  let dataDir: string;
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  beforeAll(async () => {
    capture = await startSmtpCapture();
  });
  afterAll(async () => {
    await capture?.stop();
  });
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'create-mailer-'));
    lines.length = 0;
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends through SMTP from MAIL_FROM when SMTP_URL is set, and writes no outbox', async () => {
    const config = parseConfig({ SMTP_URL: capture.url, MAIL_FROM: FROM, DATA_DIR: dataDir });
    const mailer = createMailer(config, log);
    const to = `claimant-${randomUUID()}@example.test`;
    try {
      await mailer.send(message(to));
    } finally {
      await mailer.close();
    }
    const received = await capture.waitFor(to);
    expect(received.from?.value).toEqual([{ address: FROM, name: '' }]);
    await expect(access(join(dataDir, 'mail'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(lines).toEqual([]);
  });

  it('writes to the outbox under DATA_DIR/mail when SMTP_URL is unset', async () => {
    const config = parseConfig({ MAIL_FROM: FROM, DATA_DIR: dataDir });
    const mailer = createMailer(config, log);
    const to = `claimant-${randomUUID()}@example.test`;
    await mailer.send(message(to));
    await mailer.close();

    const files = await readdir(join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ file: join(dataDir, 'mail', files[0]!), to });
    expect(capture.messages.some((m) => m.to && JSON.stringify(m.to).includes(to))).toBe(false);
  });
});
