import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * What re-validates a staff session with the OpenID Provider (decision 118): a refresh token,
 * or, from a provider that issues none, the access token for its userinfo endpoint.
 */
export interface ProviderCredential {
  readonly kind: 'refresh' | 'access';
  readonly token: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_INFO = 'claims-portal staff session provider credential v1';

/**
 * The credential sealed (AES-256-GCM) under a key derived from the session id. The table
 * keeps only the id's SHA-256, so a copy of the database opens no credential: the key lives
 * in the staff member's cookie alone, and no portal secret is needed.
 */
export function sealCredential(sessionId: string, credential: ProviderCredential): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionId), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(credential), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

/** The credential, or undefined when the bytes were not sealed for this session id. */
export function openCredential(sessionId: string, sealed: Buffer): ProviderCredential | undefined {
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyOf(sessionId),
      sealed.subarray(0, IV_BYTES),
    );
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    return asCredential(JSON.parse(text));
  } catch {
    return undefined;
  }
}

function asCredential(value: unknown): ProviderCredential | undefined {
  const { kind, token } = (value ?? {}) as Record<string, unknown>;
  if ((kind === 'refresh' || kind === 'access') && typeof token === 'string' && token !== '') {
    return { kind, token };
  }
  return undefined;
}

const keyOf = (sessionId: string) =>
  Buffer.from(hkdfSync('sha256', sessionId, Buffer.alloc(0), KEY_INFO, 32));
