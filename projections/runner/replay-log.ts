import {
  compareLogPositions,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
} from '@contracts/event-store';

export interface ReplayOptions {
  readonly after: LogPosition;
  /** Stop after this position; absent: at the current end of the log. */
  readonly upTo?: LogPosition;
  readonly batchSize: number;
}

export interface Replayed {
  /** The last event passed to `onBatch`, or `after` when there was none. */
  readonly position: LogPosition;
  readonly events: number;
}

/** Reads the global log after a position in batches and hands each batch over, in log order. */
export async function replayLog(
  eventStore: EventStore,
  { after, upTo, batchSize }: ReplayOptions,
  onBatch: (events: readonly RecordedEvent[]) => Promise<void>,
): Promise<Replayed> {
  let position = after;
  let events = 0;
  for (;;) {
    if (upTo && compareLogPositions(position, upTo) >= 0) break;
    const read = await eventStore.readAll({ after: position, maxCount: batchSize });
    const batch = upTo ? read.filter((e) => compareLogPositions(e.position, upTo) <= 0) : read;
    const last = batch.at(-1);
    if (!last) break;
    await onBatch(batch);
    position = last.position;
    events += batch.length;
    if (batch.length < read.length) break;
  }
  return { position, events };
}
