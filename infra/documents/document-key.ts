import { createHash } from 'node:crypto';

/**
 * Keys are `{namespace}/{sha256 hex}`. Both adapters check every key and namespace here
 * before touching storage: on the filesystem a key is a path, and `..` or a leading `/`
 * would reach outside the root.
 */

// Segments of letters, digits, `-` and `_`: no dots, so no `..`; no empty segment, so no
// leading, trailing or doubled `/`.
const NAMESPACE = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;
const MAX_NAMESPACE_LENGTH = 200;
const SHA256_HEX = /^[0-9a-f]{64}$/;

export class InvalidDocumentKeyError extends Error {
  readonly code = 'INVALID_DOCUMENT_KEY';
  constructor(
    readonly kind: 'namespace' | 'key',
    readonly value: string,
  ) {
    super(`Invalid document ${kind}: ${JSON.stringify(value)}`);
    this.name = 'InvalidDocumentKeyError';
  }
}

export interface DocumentAddress {
  readonly namespace: string;
  readonly sha256: string;
  readonly key: string;
}

function isValidNamespace(namespace: string): boolean {
  return namespace.length <= MAX_NAMESPACE_LENGTH && NAMESPACE.test(namespace);
}

/** Where these bytes live in this namespace. */
export function addressOf(namespace: string, bytes: Uint8Array): DocumentAddress {
  if (!isValidNamespace(namespace)) throw new InvalidDocumentKeyError('namespace', namespace);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { namespace, sha256, key: `${namespace}/${sha256}` };
}

/** Splits a key into its namespace and hash, refusing anything that is not a key we made. */
export function parseDocumentKey(key: string): DocumentAddress {
  const slash = key.lastIndexOf('/');
  const namespace = key.slice(0, Math.max(slash, 0));
  const sha256 = key.slice(slash + 1);
  if (slash < 0 || !isValidNamespace(namespace) || !SHA256_HEX.test(sha256)) {
    throw new InvalidDocumentKeyError('key', key);
  }
  return { namespace, sha256, key };
}
