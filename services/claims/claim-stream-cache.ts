import type { EventStore, RecordedEvent } from '@contracts/event-store';

/** A stream as last read in this process: its events and the state they fold to. */
export interface CachedStream<State> {
  readonly recorded: readonly RecordedEvent[];
  readonly state: State;
  /**
   * Where each command's events are in `recorded`, by `metadata.causationId`. Later reads of
   * the stream share and extend it, so only positions below `recorded.length` are this read's.
   */
  readonly byCommand: ReadonlyMap<string, readonly number[]>;
}

/** Adds the positions of `events`, which follow `from` events, to a stream's command index. */
function indexCommands(
  index: Map<string, number[]>,
  events: readonly RecordedEvent[],
  from: number,
): Map<string, number[]> {
  // A cached read leaves the cache while it is extended, so only one read adds to an index.
  events.forEach((event, offset) => {
    const positions = index.get(event.metadata.causationId);
    if (positions) positions.push(from + offset);
    else index.set(event.metadata.causationId, [from + offset]);
  });
  return index;
}

const CAPACITY = 2_000;

const samePlace = (a: RecordedEvent | undefined, b: RecordedEvent | undefined) =>
  a !== undefined &&
  b !== undefined &&
  a.streamRevision === b.streamRevision &&
  a.position.commit === b.position.commit &&
  a.position.prepare === b.position.prepare &&
  a.hash === b.hash;

/**
 * Reads a stream through a process-local cache of recently read streams (least recently
 * used out past 2,000): a cached stream costs one read of the events after it, from its
 * last cached event on. That event must come back unchanged, else the stream is read whole
 * (a store that was reset, in tests). Folding only the new events is right because
 * `evolve` is pure; a claim edited many times no longer reads and folds its whole history
 * on every command (issue 30).
 */
export function createStreamCache<State>(
  fold: (state: State | undefined, events: readonly RecordedEvent[]) => State,
) {
  const caches = new WeakMap<EventStore, Map<string, CachedStream<State>>>();
  const cacheOf = (eventStore: EventStore) => {
    const found = caches.get(eventStore);
    if (found) return found;
    const made = new Map<string, CachedStream<State>>();
    caches.set(eventStore, made);
    return made;
  };

  return async function read(
    eventStore: EventStore,
    streamId: string,
  ): Promise<CachedStream<State>> {
    const cache = cacheOf(eventStore);
    const cached = cache.get(streamId);
    cache.delete(streamId);
    const last = cached?.recorded.at(-1);
    let read: CachedStream<State> | undefined;
    if (cached && last) {
      const tail = await eventStore.readStream(streamId, { fromRevision: last.streamRevision });
      if (samePlace(tail[0], last)) {
        const fresh = tail.slice(1);
        read =
          fresh.length === 0
            ? cached
            : {
                recorded: cached.recorded.concat(fresh),
                state: fold(cached.state, fresh),
                byCommand: indexCommands(
                  cached.byCommand as Map<string, number[]>,
                  fresh,
                  cached.recorded.length,
                ),
              };
      }
    }
    if (!read) {
      const recorded = await eventStore.readStream(streamId);
      read = {
        recorded,
        state: fold(undefined, recorded),
        byCommand: indexCommands(new Map(), recorded, 0),
      };
    }
    if (read.recorded.length > 0) {
      cache.set(streamId, read);
      if (cache.size > CAPACITY) cache.delete(cache.keys().next().value as string);
    }
    return read;
  };
}
