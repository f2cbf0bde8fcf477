import type { InitialDocumentKind } from '@contracts/claims/documents';
import { newIdempotencyKey } from '../../idempotency-key';

export type UploadKeyOf = (kind: InitialDocumentKind, file: File) => string;

/**
 * One Idempotency-Key per chosen file (its kind, name, size and date), kept while the wizard
 * is open: the same file chosen again after a lost answer goes under the same key, and the
 * server answers with the document it kept instead of refusing a repeat (decision 121).
 */
export function createUploadKeys(): UploadKeyOf {
  const keys = new Map<string, string>();
  return (kind, file) => {
    const identity = [kind, file.name, file.size, file.lastModified].join('\n');
    const known = keys.get(identity);
    if (known) return known;
    const key = newIdempotencyKey();
    keys.set(identity, key);
    return key;
  };
}
