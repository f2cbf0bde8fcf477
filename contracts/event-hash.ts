import { createHash } from 'node:crypto';
import type { NewEvent } from './event-store';

/**
 * JSON with object keys sorted at every depth, so equal values always hash alike. Written
 * as loops: it runs for every appended event (event-hash.test.ts holds the plain version
 * it must equal).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) out += ',';
      // A hole or an unrepresentable element is left empty, as Array#join leaves it.
      out += canonicalJson(value[index]) ?? '';
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  // The default sort orders by UTF-16 code units, as < does.
  const keys = Object.keys(record).sort();
  let out = '{';
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    if (out.length > 1) out += ',';
    out += `${JSON.stringify(key)}:${canonicalJson(item)}`;
  }
  return `${out}}`;
}

export function chainHash(
  previousHash: string,
  streamId: string,
  streamRevision: bigint,
  event: NewEvent,
): string {
  const canonical = canonicalJson({
    streamId,
    streamRevision: streamRevision.toString(),
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  });
  return createHash('sha256').update(previousHash).update(canonical).digest('hex');
}
