import type { Actor, NewEvent } from '@contracts/event-store';
import { newUuidV7 } from '@services/shared/uuid-v7';

/** A new event with complete metadata and a fresh id, for tests and benchmarks of the stores. */
export function sampleEvent(
  type: string,
  data: unknown,
  {
    actor = { kind: 'system', id: 'test' },
    correlationId,
  }: { actor?: Actor; correlationId?: string } = {},
): NewEvent {
  const eventId = newUuidV7();
  return {
    type,
    data,
    metadata: {
      eventId,
      occurredAt: new Date().toISOString(),
      actor,
      correlationId: correlationId ?? eventId,
      causationId: correlationId ?? eventId,
      tenant: 'base',
      schemaVersion: 1,
    },
  };
}
