import { describe, expect, it } from 'vitest';
import { requestQueuePrototype } from './kafkajs-negative-timeout';

describe("kafkajs's request queue", () => {
  it('schedules its first throttle check without a negative timeout (no TimeoutNegativeWarning)', async () => {
    const warnings: string[] = [];
    const listen = (warning: Error) => warnings.push(warning.name);
    process.on('warning', listen);
    try {
      let checked = 0;
      // A fresh queue: never throttled (-1), nothing pending.
      const queue = {
        throttledUntil: -1,
        pending: [],
        throttleCheckTimeoutId: null,
        checkPendingRequests: () => {
          checked += 1;
        },
      };
      requestQueuePrototype.scheduleCheckPendingRequests.call(queue as never);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(checked).toBe(1);
      expect(warnings).not.toContain('TimeoutNegativeWarning');
    } finally {
      process.off('warning', listen);
    }
  });
});
