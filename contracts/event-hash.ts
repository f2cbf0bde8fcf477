import { createHash } from 'node:crypto';
import type { NewEvent } from './event-store';

/** JSON with object keys sorted at every depth, so equal values always hash alike. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
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
