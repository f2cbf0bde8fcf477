export interface ConsumerStatus {
  readonly groupId: string;
  readonly topic: string;
  /** Messages on the topic the group has not committed yet. */
  readonly lag: number;
  /** Messages parked in `<topic>.dlq`. */
  readonly deadLetters: number;
}

type Source = () => Promise<ConsumerStatus>;

// On globalThis: the bundled site loads its own copy of this module, as for the runtime.
const KEY = Symbol.for('claims-portal.notification-consumer-status');
type Holder = { [KEY]?: { source: Source; cached?: { at: number; status: Promise<unknown> } } };

/** The running consumer says how to ask for its status; the returned function withdraws it. */
export function registerConsumerStatus(source: Source): () => void {
  const holder = globalThis as Holder;
  const entry = { source };
  holder[KEY] = entry;
  return () => {
    if (holder[KEY] === entry) holder[KEY] = undefined;
  };
}

const TIMEOUT_MS = 1_500;
const CACHE_MS = 2_000;

/**
 * The notification consumer's lag and dead letters for /api/health: undefined when no consumer
 * runs here; `{ error }` when the broker did not answer within 1.5 s (health must not hang).
 * Cached for 2 s so a health poller does not turn into broker load.
 */
export async function notificationConsumerStatus(): Promise<
  ConsumerStatus | { readonly error: string } | undefined
> {
  const entry = (globalThis as Holder)[KEY];
  if (!entry) return undefined;
  const now = Date.now();
  if (!entry.cached || now - entry.cached.at > CACHE_MS) {
    const status = Promise.race([
      entry.source(),
      new Promise<never>((_, reject) => {
        setTimeout(
          () => reject(new Error('the broker did not answer in time')),
          TIMEOUT_MS,
        ).unref();
      }),
    ]).catch((error: unknown) => ({
      error: error instanceof Error ? error.message : 'the broker did not answer',
    }));
    entry.cached = { at: now, status };
  }
  return entry.cached.status as Promise<ConsumerStatus | { error: string }>;
}
