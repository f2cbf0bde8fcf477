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

export function toNewEvents<E extends { type: string; data: unknown }>(
  events: readonly E[],
  context: CommandContext,
  schemaVersions: Readonly<Record<string, number>>,
): NewEvent[] {
  const ids = eventIdsFor(context.commandId, events.length);
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
