import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import type { SmtpCapture } from '@tests/support/smtp-capture';

const address = (to: ParsedMail['to']) => (Array.isArray(to) ? to[0] : to)?.text ?? '';

/**
 * Every mail the stack's SMTP capture receives, as a text file in `dir` (mode 0600) announced
 * by one line: how a person reads the codes the portal mails, as with `npm start`'s outbox.
 * The line names the file, never the text (it holds one-time codes).
 */
export function writeMailToOutbox(
  smtp: SmtpCapture,
  dir: string,
  say: (line: string) => void,
): () => void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let written = 0;
  const timer = setInterval(() => {
    while (written < smtp.messages.length) {
      const mail = smtp.messages[written] as ParsedMail;
      written += 1;
      const file = join(dir, `${String(written).padStart(5, '0')}.txt`);
      const headers = [
        `From: ${mail.from?.text ?? ''}`,
        `To: ${address(mail.to)}`,
        `Subject: ${mail.subject ?? ''}`,
        `Date: ${mail.date?.toISOString() ?? ''}`,
        `Message-ID: ${mail.messageId ?? ''}`,
      ];
      writeFileSync(file, `${headers.join('\n')}\n\n${mail.text ?? ''}`, { mode: 0o600 });
      say(`mail to ${address(mail.to)}: "${mail.subject ?? ''}" → ${file}`);
    }
  }, 500);
  return () => clearInterval(timer);
}
