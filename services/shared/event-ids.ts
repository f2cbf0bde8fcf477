import { createHash } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function assertUuid(commandId: string): void {
  if (!UUID.test(commandId)) throw new Error(`Command id is not a UUID: ${commandId}`);
}

/** Keeps the command id's time prefix and takes the rest from a hash, still shaped as v7. */
function hashedV7(commandId: string, salt: string): string {
  const hex = createHash('sha256').update(`${commandId}${salt}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  const prefix = commandId.replace(/-/g, '').slice(0, 12);
  return `${prefix.slice(0, 8)}-${prefix.slice(8, 12)}-7${hex.slice(0, 3)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Event ids of a command, derived from its id, so a retried command produces the same
 * ids and the store appends it once. The first id is the command id (a UUID v7); the
 * others keep its time prefix and take the rest from a hash, still shaped as v7.
 */
export function eventIdsFor(commandId: string, count: number): string[] {
  assertUuid(commandId);
  return Array.from({ length: count }, (_, index) =>
    index === 0 ? commandId : hashedV7(commandId, `:${index}`),
  );
}

/**
 * A seed for the ids of events a command writes to another stream (e.g. a claim-number
 * reservation): the same command and label always give the same seed, so a retry appends
 * once, and different labels never share ids with each other or with the command's own.
 */
export function derivedCommandId(commandId: string, label: string): string {
  assertUuid(commandId);
  return hashedV7(commandId, `#${label}`);
}
