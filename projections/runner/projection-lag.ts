import type { EventStore } from '@contracts/event-store';
import { readCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import type { SqlClient } from './sql';

/** Counting stops here: past it, "at least this many" is all an operator needs. */
const LAG_COUNT_LIMIT = 10_000;

export interface ProjectionLag {
  readonly projection: string;
  /** Events in the log after the checkpoint (capped at LAG_COUNT_LIMIT). */
  readonly eventsBehind: number;
  readonly eventsBehindCapped: boolean;
  /** Age of the oldest event not yet applied; 0 when caught up. */
  readonly secondsBehind: number;
  /** Of eventsBehind: committed but not yet readable, behind a transaction still open. */
  readonly eventsHeldBack: number;
}

/** Committed events the log's followers cannot read yet (an older transaction is open). */
export interface HeldBack {
  readonly eventsHeldBack: number;
  readonly heldBackSeconds: number;
}

export async function projectionLag(
  client: SqlClient,
  eventStore: EventStore,
  projection: Projection,
  now: Date,
  heldBack: HeldBack = { eventsHeldBack: 0, heldBackSeconds: 0 },
): Promise<ProjectionLag> {
  const after = await readCheckpoint(client, projection.name);
  const pending = await eventStore.readAll({ after, maxCount: LAG_COUNT_LIMIT });
  const oldest = pending[0];
  const readable = oldest
    ? Math.max(0, (now.getTime() - Date.parse(oldest.metadata.occurredAt)) / 1000)
    : 0;
  return {
    projection: projection.name,
    eventsBehind: pending.length + heldBack.eventsHeldBack,
    eventsBehindCapped: pending.length === LAG_COUNT_LIMIT,
    secondsBehind: Math.max(readable, heldBack.heldBackSeconds),
    eventsHeldBack: heldBack.eventsHeldBack,
  };
}
