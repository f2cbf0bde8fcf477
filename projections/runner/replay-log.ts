import {
  compareLogPositions,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
} from '@contracts/event-store';
import type { Projection } from './projection';

export interface ReplayOptions {
  readonly after: LogPosition;
  /** Stop after this position; absent: at the current end of the log. */
  readonly upTo?: LogPosition;
  readonly batchSize: number;
  /** Only these event types; absent: all. */
  readonly eventTypes?: readonly string[];
  /** Only these metadata keys and no hashes; absent: all of each event. */
  readonly metadataKeys?: readonly string[];
}

/** What a replay from the start reads for a projection: its event types and metadata keys. */
export const replayedFor = (projection: Projection) => ({
  eventTypes: projection.eventTypes,
  metadataKeys: projection.metadataKeys,
});

export interface Replayed {
  /** The last event passed to `onBatch`, or `after` when there was none. */
  readonly position: LogPosition;
  readonly events: number;
}

/**
 * Reads the global log after a position in batches and hands each batch over, in log
 * order. The next batch is read while `onBatch` works on the current one: reading and
 * writing then share the time instead of adding up.
 */
export async function replayLog(
  eventStore: EventStore,
  { after, upTo, batchSize, eventTypes, metadataKeys }: ReplayOptions,
  onBatch: (events: readonly RecordedEvent[]) => Promise<void>,
): Promise<Replayed> {
  const read = (from: LogPosition): Promise<RecordedEvent[]> => {
    if (upTo && compareLogPositions(from, upTo) >= 0) return Promise.resolve([]);
    const reading = eventStore.readAll({
      after: from,
      maxCount: batchSize,
      eventTypes,
      metadataKeys,
    });
    // Awaited below; this only keeps a failure after onBatch threw from going unhandled.
    reading.catch(() => {});
    return reading;
  };
  let position = after;
  let events = 0;
  for (let reading = read(after); ; ) {
    const fetched = await reading;
    const batch = upTo
      ? fetched.filter((e) => compareLogPositions(e.position, upTo) <= 0)
      : fetched;
    const last = batch.at(-1);
    if (!last) break;
    const more = batch.length === fetched.length;
    reading = more ? read(last.position) : Promise.resolve([]);
    await onBatch(batch);
    position = last.position;
    events += batch.length;
    if (!more) break;
  }
  return { position, events };
}
