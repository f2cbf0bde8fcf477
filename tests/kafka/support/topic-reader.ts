import { randomUUID } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import type { IntegrationEvent } from '@contracts/integration/claim-integration-events';

export interface ReadMessage {
  readonly partition: number;
  readonly offset: bigint;
  /** The producer's create time (ms since the epoch): when the relay sent it. */
  readonly timestamp: number;
  readonly key: string;
  readonly headers: Record<string, string>;
  readonly raw: unknown;
  readonly event: IntegrationEvent;
}

/** The read ran out of time; what it had read by then comes with it, for the diagnosis. */
export class TopicReadTimeout extends Error {
  constructor(
    readonly topic: string,
    readonly messages: readonly ReadMessage[],
    timeoutMs: number,
  ) {
    super(`read ${messages.length} messages of ${topic} in ${timeoutMs} ms`);
  }
}

/**
 * Reads a topic from the beginning with a consumer group of its own until `done` says so
 * (or the time runs out), and returns every message in the order each partition holds them.
 */
export async function readTopic(
  kafka: Kafka,
  topic: string,
  done: (messages: readonly ReadMessage[]) => boolean,
  timeoutMs = 60_000,
): Promise<ReadMessage[]> {
  // Committed records only, as every consumer of the topic reads it (decision 145).
  const consumer = kafka.consumer({
    groupId: `reader-${randomUUID()}`,
    sessionTimeout: 10_000,
    readUncommitted: false,
  });
  const messages: ReadMessage[] = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    await consumer.run({
      eachMessage: async ({ partition, message }) => {
        const raw = JSON.parse(message.value?.toString('utf8') ?? 'null') as unknown;
        messages.push({
          partition,
          offset: BigInt(message.offset),
          timestamp: Number(message.timestamp),
          key: message.key?.toString('utf8') ?? '',
          headers: Object.fromEntries(
            Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]),
          ),
          raw,
          event: raw as IntegrationEvent,
        });
        if (done(messages)) finish();
      },
    });
    if (!done(messages)) {
      await Promise.race([
        finished,
        new Promise<void>((_, reject) =>
          setTimeout(
            () => reject(new TopicReadTimeout(topic, [...messages], timeoutMs)),
            timeoutMs,
          ),
        ),
      ]);
    }
    return [...messages];
  } finally {
    await consumer.disconnect();
  }
}

/** Each claim's event ids in the order its partition holds them. */
export function sequencesByClaim(messages: readonly ReadMessage[]): Map<string, string[]> {
  const byClaim = new Map<string, string[]>();
  const ordered = [...messages].sort(
    (a, b) => a.partition - b.partition || (a.offset < b.offset ? -1 : a.offset > b.offset ? 1 : 0),
  );
  for (const message of ordered) {
    const list = byClaim.get(message.key) ?? [];
    list.push(message.event.eventId);
    byClaim.set(message.key, list);
  }
  return byClaim;
}
