import type { Actor, EventMetadata, NewEvent } from '@contracts/event-store';
import { eventIdsFor } from './event-ids';

/** Who asks, when, and for which request: everything a handler needs besides the command. */
export interface CommandContext {
  /** UUID v7; a retried command carries the same id. */
  readonly commandId: string;
  readonly actor: Actor;
  readonly tenant: string;
  readonly correlationId: string;
  readonly now: Date;
}

/** `idSeed` gives events in another stream than the command's own ids of their own (`derivedCommandId`). */
export function toNewEvents<E extends { type: string; data: unknown }>(
  events: readonly E[],
  context: CommandContext,
  schemaVersions: Readonly<Record<string, number>>,
  idSeed: string = context.commandId,
): NewEvent[] {
  const ids = eventIdsFor(idSeed, events.length);
  return events.map((event, index) => {
    const metadata: EventMetadata = {
      eventId: ids[index] as string,
      occurredAt: context.now.toISOString(),
      actor: context.actor,
      correlationId: context.correlationId,
      causationId: context.commandId,
      tenant: context.tenant,
      schemaVersion: schemaVersions[event.type] ?? 1,
    };
    return { type: event.type, data: event.data, metadata };
  });
}
