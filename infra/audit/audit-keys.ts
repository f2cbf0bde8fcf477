import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomUUID,
} from 'node:crypto';
import { link, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SigningKey } from '@projections/audit/checkpoint';
import type { Config } from '../config/config';

/** Written whole under another name, then linked: of two processes racing, one key wins for both. */
async function writeOnce(file: string, text: string): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, text, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temporary, { force: true });
  }
}

/** The key that signs checkpoints (when this process may sign) and every key that verifies one. */
export interface AuditKeys {
  readonly signing: SigningKey | undefined;
  /** By key id: the signing key's public half, and the earlier keys kept after a rotation. */
  readonly verifying: ReadonlyMap<string, KeyObject>;
}

export class MissingSigningKeyError extends Error {
  constructor() {
    super(
      'AUDIT_SIGNING_KEY_FILE and AUDIT_SIGNING_KEY_ID are required in production: the Ed25519 key ' +
        'that signs audit checkpoints must live outside the database (see docs/audit.md, "Keys")',
    );
    this.name = 'MissingSigningKeyError';
  }
}

const DEV_KEY_FILE = 'dev-signing-key.pem';

/** A development key's id says what it is and which key: `dev-` and its public key's hash. */
function developmentKeyId(publicKey: KeyObject): string {
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return `dev-${createHash('sha256').update(der).digest('hex').slice(0, 8)}`;
}

/**
 * Generated once under DATA_DIR/audit, then reused: `npm start` signs with no setting at all.
 * Without `create`, only a key already there (a verifier never makes one).
 */
async function developmentKey(dataDir: string, create = true): Promise<SigningKey | undefined> {
  const folder = join(dataDir, 'audit');
  const file = join(folder, DEV_KEY_FILE);
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  let privateKey: KeyObject;
  if (existing) {
    privateKey = createPrivateKey(existing);
  } else {
    if (!create) return undefined;
    privateKey = generateKeyPairSync('ed25519').privateKey;
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    await writeOnce(file, pem);
    privateKey = createPrivateKey(await readFile(file, 'utf8'));
  }
  return { keyId: developmentKeyId(createPublicKey(privateKey)), privateKey };
}

async function configuredKey(file: string, keyId: string): Promise<SigningKey> {
  const privateKey = createPrivateKey(await readFile(file, 'utf8'));
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`AUDIT_SIGNING_KEY_FILE=${file}: not an Ed25519 private key`);
  }
  return { keyId, privateKey };
}

/** `<keyId>.pem` files of public keys kept after a rotation. */
async function earlierPublicKeys(folder: string | undefined): Promise<Map<string, KeyObject>> {
  const keys = new Map<string, KeyObject>();
  if (!folder) return keys;
  for (const name of await readdir(folder)) {
    if (!name.endsWith('.pem')) continue;
    keys.set(name.slice(0, -4), createPublicKey(await readFile(join(folder, name), 'utf8')));
  }
  return keys;
}

/**
 * The audit keys of this configuration. In production without a configured key there is no
 * signing key (the portal refuses to start; read-only tools still verify with the kept keys).
 */
export async function loadAuditKeys(config: Config, create = true): Promise<AuditKeys> {
  const verifying = await earlierPublicKeys(config.AUDIT_PUBLIC_KEYS_DIR);
  let signing: SigningKey | undefined;
  if (config.AUDIT_SIGNING_KEY_FILE && config.AUDIT_SIGNING_KEY_ID) {
    signing = await configuredKey(config.AUDIT_SIGNING_KEY_FILE, config.AUDIT_SIGNING_KEY_ID);
  } else if (config.NODE_ENV !== 'production') {
    signing = await developmentKey(config.DATA_DIR, create);
  }
  if (signing) verifying.set(signing.keyId, createPublicKey(signing.privateKey));
  return { signing, verifying };
}

const cache = new Map<string, Promise<AuditKeys>>();

/** Loaded once per configuration of keys in a process (the site asks at each Audit tab). */
export function auditKeysFor(config: Config): Promise<AuditKeys> {
  const id = [
    config.NODE_ENV,
    config.DATA_DIR,
    config.AUDIT_SIGNING_KEY_FILE,
    config.AUDIT_SIGNING_KEY_ID,
    config.AUDIT_PUBLIC_KEYS_DIR,
  ].join('\n');
  let keys = cache.get(id);
  if (!keys) {
    keys = loadAuditKeys(config);
    keys.catch(() => cache.delete(id));
    cache.set(id, keys);
  }
  return keys;
}

/** For the portal's start: the signing key, or the refusal that names the settings. */
export async function requireSigningKey(config: Config): Promise<SigningKey> {
  const { signing } = await auditKeysFor(config);
  if (!signing) throw new MissingSigningKeyError();
  return signing;
}
