import type { InitialDocumentKind } from '@contracts/claims/documents';
import { newIdempotencyKey } from '../../idempotency-key';

export type UploadKeyOf = (kind: InitialDocumentKind, file: File) => Promise<string>;

/** The file's SHA-256 where the page may hash (a secure context), else its size. */
async function contentOf(file: File): Promise<string> {
  if (!globalThis.crypto?.subtle) return `size:${file.size}`;
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per chosen file (its kind, name and content), kept while the wizard is
 * open: the same file chosen again after a lost answer goes under the same key, and the server
 * answers with the document it kept instead of refusing a repeat (decision 121).
 */
export function createUploadKeys(): UploadKeyOf {
  const keys = new Map<string, string>();
  return async (kind, file) => {
    const identity = [kind, file.name, await contentOf(file)].join('\n');
    const known = keys.get(identity);
    if (known) return known;
    const key = newIdempotencyKey();
    keys.set(identity, key);
    return key;
  };
}
