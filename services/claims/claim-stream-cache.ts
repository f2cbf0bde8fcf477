import type { EventStore, RecordedEvent } from '@contracts/event-store';

/** A stream as last read in this process: its events and the state they fold to. */
interface CachedStream<State> {
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

/**
 * Whether `read` is the event cached as `cached`. An event this process appended is known
 * by its revision and log position only: its stored metadata may carry more than the
 * command wrote (the append's traceparent), so its hash is not known here.
 */
const samePlace = (read: RecordedEvent | undefined, cached: RecordedEvent | undefined) =>
  read !== undefined &&
  cached !== undefined &&
  read.streamRevision === cached.streamRevision &&
  read.position.commit === cached.position.commit &&
  read.position.prepare === cached.position.prepare &&
  (appendedHere.has(cached) || read.hash === cached.hash);

/** Events this process appended and keeps as it sent them, not as a read returned them. */
const appendedHere = new WeakSet<RecordedEvent>();

export interface StreamCache<State> {
  /**
   * The stream, with one read of the events after its cached part. With `trustAppended`,
   * a stream whose last event this process appended is answered without reading: a
   * decision on it must end in an append at the next revision, which the store refuses if
   * the stream moved on meanwhile (another process's append).
   */
  read(
    eventStore: EventStore,
    streamId: string,
    options?: { readonly trustAppended?: boolean },
  ): Promise<CachedStream<State> & { readonly appendedHere: boolean }>;
  /**
   * After one event was appended at the next revision of `before` (the stream the decision
   * read): the cached stream now ends with it, known without a read.
   */
  appended(
    eventStore: EventStore,
    streamId: string,
    before: readonly RecordedEvent[],
    event: RecordedEvent,
  ): void;
  /**
   * After an append refused, or one not kept by `appended` (several events, a retry): the
   * cached stream may no longer end where the store's does, so the next read reads its tail.
   */
  readNext(eventStore: EventStore, streamId: string): void;
}

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
): StreamCache<State> {
  const caches = new WeakMap<EventStore, Map<string, CachedStream<State>>>();
  /** Cached streams whose last event this process appended, with nothing read after it. */
  const current = new WeakSet<CachedStream<State>>();
  const cacheOf = (eventStore: EventStore) => {
    const found = caches.get(eventStore);
    if (found) return found;
    const made = new Map<string, CachedStream<State>>();
    caches.set(eventStore, made);
    return made;
  };
  const keep = (
    cache: Map<string, CachedStream<State>>,
    streamId: string,
    stream: CachedStream<State>,
  ) => {
    cache.delete(streamId);
    cache.set(streamId, stream);
    if (cache.size > CAPACITY) cache.delete(cache.keys().next().value as string);
  };

  async function read(
    eventStore: EventStore,
    streamId: string,
    { trustAppended = false }: { readonly trustAppended?: boolean } = {},
  ): Promise<CachedStream<State> & { readonly appendedHere: boolean }> {
    const cache = cacheOf(eventStore);
    const cached = cache.get(streamId);
    if (trustAppended && cached && current.has(cached)) {
      keep(cache, streamId, cached);
      return { ...cached, appendedHere: true };
    }
    cache.delete(streamId);
    const last = cached?.recorded.at(-1);
    let read: CachedStream<State> | undefined;
    if (cached && last) {
      const tail = await eventStore.readStream(streamId, { fromRevision: last.streamRevision });
      if (samePlace(tail[0], last)) {
        const fresh = tail.slice(1);
        read =
          fresh.length === 0 && !appendedHere.has(last)
            ? cached
            : {
                // The event as stored replaces the one kept as appended.
                recorded: cached.recorded.slice(0, -1).concat(tail),
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
    if (read.recorded.length > 0) keep(cache, streamId, read);
    return { ...read, appendedHere: false };
  }

  return {
    read,
    appended(eventStore, streamId, before, event) {
      const cache = cacheOf(eventStore);
      const cached = cache.get(streamId);
      // Only onto the stream the decision read, still the one cached (no read since).
      if (cached ? cached.recorded !== before : before.length > 0) return;
      appendedHere.add(event);
      const extended: CachedStream<State> = {
        recorded: before.concat(event),
        state: fold(cached?.state, [event]),
        byCommand: indexCommands(
          (cached?.byCommand as Map<string, number[]> | undefined) ?? new Map(),
          [event],
          before.length,
        ),
      };
      current.add(extended);
      keep(cache, streamId, extended);
    },
    readNext(eventStore, streamId) {
      const cached = cacheOf(eventStore).get(streamId);
      if (cached) current.delete(cached);
    },
  };
}
