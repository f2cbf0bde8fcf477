import type { PendingAppend } from './append-batch';

export interface AppendQueueOptions {
  /** Batches committing at once, each on its own connection. */
  readonly maxInFlight: number;
  /** Events in one batch at most (one append may exceed it alone). */
  readonly maxBatchEvents: number;
}

/**
 * Group commit: appends that arrive while the batches in flight commit wait here, and the
 * next free slot takes them all (one per stream: a batch appends to each stream once)
 * into one transaction, so they share one disk flush. An append never waits for a timer.
 */
export function createAppendQueue(
  commit: (batch: PendingAppend[]) => Promise<void>,
  { maxInFlight, maxBatchEvents }: AppendQueueOptions,
): (append: PendingAppend) => void {
  let waiting: PendingAppend[] = [];
  let inFlight = 0;
  let appendsInFlight = 0;

  function takeBatch(): PendingAppend[] {
    const share = Math.ceil((waiting.length + appendsInFlight) / maxInFlight);
    const batch: PendingAppend[] = [];
    const rest: PendingAppend[] = [];
    const streams = new Set<string>();
    let events = 0;
    for (const append of waiting) {
      const fits =
        batch.length === 0 ||
        (batch.length < share && events + append.events.length <= maxBatchEvents);
      if (fits && !streams.has(append.streamId)) {
        batch.push(append);
        streams.add(append.streamId);
        events += append.events.length;
      } else {
        rest.push(append);
      }
    }
    waiting = rest;
    return batch;
  }

  function pump(): void {
    while (inFlight < maxInFlight && waiting.length > 0) {
      const batch = takeBatch();
      inFlight += 1;
      appendsInFlight += batch.length;
      // A settled append ignores a second settlement, so this only reaches the unsettled.
      void commit(batch)
        .catch((error: unknown) => {
          for (const append of batch) append.reject(error);
        })
        .finally(() => {
          inFlight -= 1;
          appendsInFlight -= batch.length;
          // After the writers this batch released have queued their next appends.
          setImmediate(pump);
        });
    }
  }

  return (append) => {
    waiting.push(append);
    pump();
  };
}
