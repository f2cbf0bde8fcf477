import { createRequire } from 'node:module';

/** kafkajs's own interval for a queue that waits on in-flight requests. */
const CHECK_PENDING_REQUESTS_INTERVAL = 10;

interface RequestQueue {
  throttledUntil: number;
  pending: unknown[];
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

const requestQueue = createRequire(import.meta.url)(
  'kafkajs/src/network/requestQueue/index.js',
) as { prototype: RequestQueue };

/**
 * kafkajs 2.2.4 schedules its throttle check `throttledUntil - Date.now()` ms ahead, and
 * `throttledUntil` starts at -1: with nothing pending that is about -1.8e12 ms, and Node 22+
 * prints a TimeoutNegativeWarning on every connection (issue 44). The same method, with the
 * delay never below 0; Node already ran such a timer after 1 ms, so nothing else changes.
 */
requestQueue.prototype.scheduleCheckPendingRequests = function (this: RequestQueue) {
  let scheduleAt = this.throttledUntil - Date.now();
  if (this.throttleCheckTimeoutId) return;
  if (this.pending.length > 0)
    scheduleAt = scheduleAt > 0 ? scheduleAt : CHECK_PENDING_REQUESTS_INTERVAL;
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    Math.max(scheduleAt, 0),
  );
};

export const requestQueuePrototype = requestQueue.prototype;
