import type { AccountRecord } from '@contracts/identity/identity-store';
import type { IdentityPorts } from './ports';
import type { IdentityMail } from './identity-mail';

/** Sends a mail to the account's address; the texts are already in its language. */
export const mailAccount = (ports: IdentityPorts, account: MailTarget, mail: IdentityMail) =>
  ports.mailer.send({ ...mail, to: account.email });

export type MailTarget = Pick<AccountRecord, 'email'>;

/**
 * Sends without making the caller wait, so an answer takes as long whether a mail went out
 * or not (the recovery answer must not tell whether an account exists).
 */
export function mailInBackground(
  ports: IdentityPorts,
  account: MailTarget,
  mail: IdentityMail,
): void {
  mailAccount(ports, account, mail).catch((error: unknown) => {
    if (ports.reportError) ports.reportError(error);
    else process.emitWarning(error instanceof Error ? error.message : 'identity mail failed');
  });
}
