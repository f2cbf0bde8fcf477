import { v7 as uuidv7 } from 'uuid';
import { sampleEvent } from '@infra/eventstore/testing/sample-event';
import {
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  START_OF_LOG,
} from '@contracts/event-store';

/** The event store contract suite's helpers: events to append, and waiting for the log. */
export interface EventStoreUnderTest {
  readonly store: EventStore;
  cleanup(): Promise<void>;
}

export const testEvent = (type = 'TestHappened', data: unknown = { n: 1 }): NewEvent =>
  sampleEvent(type, data, { actor: { kind: 'system', id: 'contract-suite' } });

export const uniqueStream = (prefix = 'contract') => `${prefix}-${uuidv7()}`;

export async function waitUntilLogHas(
  store: EventStore,
  eventId: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let after = START_OF_LOG;
    for (;;) {
      const batch = await store.readAll({ after, maxCount: 1_000 });
      if (batch.some((e) => e.metadata.eventId === eventId)) return;
      const tail = batch.at(-1);
      if (!tail) break;
      after = tail.position;
    }
    if (Date.now() > deadline) throw new Error(`event ${eventId} never reached the log`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Streams of other tests share the log, so followers keep only the streams they care about. */
export async function follow(
  store: EventStore,
  streams: ReadonlySet<string>,
  until: (seen: RecordedEvent[]) => boolean,
  timeoutMs = 60_000,
): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  const subscription = store.subscribe({
    after: START_OF_LOG,
    onEvents: async (events) => {
      seen.push(...events.filter((e) => streams.has(e.streamId)));
      if (until(seen)) resolveDone();
    },
  });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error(`follower saw ${seen.length} events before timing out`)),
      timeoutMs,
    ),
  );
  try {
    await Promise.race([done, timeout]);
    return seen;
  } finally {
    await subscription.stop();
  }
}
