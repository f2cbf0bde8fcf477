import type {
  LogPosition,
  ReadAllOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '@contracts/event-store';

export interface FollowLogOptions extends SubscribeOptions {
  readonly readAll: (options: ReadAllOptions) => Promise<RecordedEvent[]>;
  readonly pollIntervalMs: number;
  /** Registers a callback that cuts the idle wait short when new events may exist; returns an unregister function. */
  readonly onWake?: (wake: () => void) => () => void;
  /**
   * Whether an event after `position` is known committed. A read that stops short of it met
   * the read horizon (an older transaction still open), and no wake-up will come when that
   * transaction ends: read again soon rather than after the poll interval.
   */
  readonly committedAfter?: (position: LogPosition) => boolean;
}

const MAX_BACKOFF_MS = 5_000;
/** The first retry of a read held back by the horizon; doubled each time, up to the poll interval. */
const HELD_BACK_RETRY_MS = 2;

/**
 * Catch up by reading batches after a position, then follow: wait for a wake-up (or the
 * poll interval) and read again. A failing handler gets the same batch again after a backoff.
 */
export function followLog(options: FollowLogOptions): Subscription {
  const batchSize = options.batchSize ?? 500;
  let position: LogPosition = options.after;
  let stopped = false;
  let wakeNow: (() => void) | undefined;
  let stopBackOff: (() => void) | undefined;
  let markCaughtUp: () => void = () => {};
  const caughtUp = new Promise<void>((resolve) => {
    markCaughtUp = resolve;
  });
  // A wake-up during a read counts too: the read may have missed what woke us.
  let wokenWhileBusy = false;
  const unregister = options.onWake?.(() => {
    if (wakeNow) wakeNow();
    else wokenWhileBusy = true;
  });

  function pause(ms: number): Promise<void> {
    if (wokenWhileBusy) {
      wokenWhileBusy = false;
      return Promise.resolve();
    }
    return cutShortWait(ms, (cut) => {
      wakeNow = cut;
    });
  }

  /** Waits `ms`, cut short only by stop(). */
  function backOff(ms: number): Promise<void> {
    return cutShortWait(ms, (cut) => {
      stopBackOff = cut;
    });
  }

  const loop = (async () => {
    let failures = 0;
    let heldBack = 0;
    while (!stopped) {
      try {
        const batch = await options.readAll({ after: position, maxCount: batchSize });
        if (stopped) break;
        if (batch.length > 0) {
          await options.onEvents(batch);
          position = (batch.at(-1) as RecordedEvent).position;
          failures = 0;
          heldBack = 0;
          if (batch.length >= batchSize) continue;
          if (options.lingerMs) await backOff(options.lingerMs);
          if (!options.committedAfter) continue;
          // Nothing newer is known to be committed: a read now would find nothing; the next
          // append (here, or announced from elsewhere) wakes this loop, as after an empty read.
          if (!wokenWhileBusy && !options.committedAfter(position)) {
            markCaughtUp();
            await pause(options.pollIntervalMs);
          }
          continue;
        }
        failures = 0;
        markCaughtUp();
        heldBack = options.committedAfter?.(position) ? heldBack + 1 : 0;
        await pause(
          heldBack > 0
            ? Math.min(options.pollIntervalMs, HELD_BACK_RETRY_MS * 2 ** (heldBack - 1))
            : options.pollIntervalMs,
        );
      } catch (error) {
        if (stopped) break;
        options.onError?.(error);
        failures += 1;
        // A backoff, not an idle wait: appends meanwhile do not cut it short (a handler
        // failing while its dependency is down would otherwise retry at every append).
        await backOff(Math.min(MAX_BACKOFF_MS, 50 * 2 ** failures));
      }
    }
  })();

  return {
    caughtUp,
    async stop() {
      stopped = true;
      wakeNow?.();
      stopBackOff?.();
      unregister?.();
      await loop;
    },
  };
}

/** Waits `ms`; `expose` is handed the function that ends the wait early (and is told `undefined` once it ended). */
function cutShortWait(ms: number, expose: (cut: (() => void) | undefined) => void): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      expose(undefined);
      resolve();
    }
    expose(done);
  });
}
