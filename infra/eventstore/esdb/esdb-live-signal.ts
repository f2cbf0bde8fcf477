import {
  type AllStreamSubscription,
  END,
  type EventStoreDBClient,
  excludeSystemEvents,
} from '@eventstore/db-client';

const LIVE_RETRY_MS = 5_000;

export interface LiveSignal {
  /** Registers a follower's wake-up; the returned function removes it. */
  readonly onWake: (wake: () => void) => () => void;
  readonly stop: () => Promise<void>;
}

/**
 * One live subscription per store, only while someone follows; it wakes followers early.
 * Followers always read through readAll, so a dropped signal only delays them.
 */
export function createLiveSignal(client: EventStoreDBClient, closing: () => boolean): LiveSignal {
  const wakers = new Set<() => void>();
  let live: AllStreamSubscription | undefined;
  let liveRetry: NodeJS.Timeout | undefined;

  function wakeFollowers(): void {
    for (const wake of wakers) wake();
  }

  function ensureLiveSignal(): void {
    if (closing() || live || liveRetry || wakers.size === 0) return;
    let subscription: AllStreamSubscription;
    try {
      subscription = client.subscribeToAll({
        fromPosition: END,
        resolveLinkTos: false,
        filter: excludeSystemEvents(),
      });
    } catch {
      scheduleLiveRetry();
      return;
    }
    live = subscription;
    const dropped = () => {
      if (live !== subscription) return;
      live = undefined;
      subscription.unsubscribe().catch(() => {});
      // Events written while the signal was down are found by polling; wake once to be sure.
      wakeFollowers();
      scheduleLiveRetry();
    };
    subscription.on('data', wakeFollowers);
    subscription.on('error', dropped);
    subscription.on('end', dropped);
    subscription.on('close', dropped);
  }

  function scheduleLiveRetry(): void {
    if (closing() || liveRetry || wakers.size === 0) return;
    liveRetry = setTimeout(() => {
      liveRetry = undefined;
      ensureLiveSignal();
    }, LIVE_RETRY_MS);
    liveRetry.unref();
  }

  async function stop(): Promise<void> {
    if (liveRetry) clearTimeout(liveRetry);
    liveRetry = undefined;
    const subscription = live;
    live = undefined;
    await subscription?.unsubscribe().catch(() => {});
  }

  function onWake(wake: () => void): () => void {
    wakers.add(wake);
    ensureLiveSignal();
    return () => {
      wakers.delete(wake);
      if (wakers.size === 0) void stop();
    };
  }

  return { onWake, stop };
}
