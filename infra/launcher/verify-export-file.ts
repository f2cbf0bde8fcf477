import type { KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  formatExportReport,
  MalformedExportError,
  verifyAuditExport,
} from '@projections/audit/audit-export';
import { readPublicKey } from '@projections/audit/checkpoint';
import { loadAuditKeys } from '../audit/audit-keys';
import { parseConfig } from '../config/config';

/** `--public-key`: a file holding the key, or the key itself (PEM, or base64 of its SPKI DER). */
async function givenKey(value: string): Promise<KeyObject> {
  const text = await readFile(value, 'utf8').catch(() => value);
  return readPublicKey(text);
}

/** The portal's own keys when this machine has its configuration; none otherwise. */
async function configuredKeys(): Promise<ReadonlyMap<string, KeyObject>> {
  try {
    return (await loadAuditKeys(parseConfig(), false)).verifying;
  } catch {
    return new Map();
  }
}

export interface VerifyExportOptions {
  readonly publicKey?: string;
  readonly chainOnly: boolean;
}

/**
 * The walk of `verify` over a file, then its signed checkpoint: no database, and the public
 * key from `--public-key` or the portal's configuration. Exit codes: 0 proved, 1 broken or not
 * an export, 2 unreadable, bad arguments, or no key to judge the checkpoint with.
 */
export async function verifyExportFile(
  file: string,
  options: VerifyExportOptions,
  usage: (message: string) => never,
): Promise<number> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return usage(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  let publicKeyOf: (keyId: string) => KeyObject | undefined;
  if (options.publicKey !== undefined) {
    const key = await givenKey(options.publicKey).catch(() =>
      usage(`--public-key is neither a key file nor a PEM or base64 SPKI public key`),
    );
    publicKeyOf = () => key;
  } else {
    const keys = await configuredKeys();
    publicKeyOf = (keyId) => keys.get(keyId);
  }
  try {
    const exported = JSON.parse(text) as { streamId?: unknown };
    const report = verifyAuditExport(exported, { publicKeyOf, required: !options.chainOnly });
    if ('anchor' in report && !report.anchor.ok && report.anchor.unknownKey !== undefined) {
      return usage(`${file}: ${report.anchor.sentence}`);
    }
    process.stdout.write(`${formatExportReport(report, String(exported.streamId))}\n`);
    return report.ok ? 0 : 1;
  } catch (error) {
    if (!(error instanceof SyntaxError || error instanceof MalformedExportError)) throw error;
    const reason = error instanceof SyntaxError ? 'not an audit export: not JSON' : error.message;
    process.stderr.write(`${file}: ${reason}\n`);
    return 1;
  }
}
