import type { Consumer, Kafka } from 'kafkajs';
import { integrationEventSchema } from '@contracts/integration/claim-integration-events';
import { type NotifyOptions, type NotifyOutcome, notifyClaimant } from './notify-claimant';
import { wakeablePause } from '../wakeable-pause';

export interface NotificationConsumerOptions extends NotifyOptions {
  readonly kafka: Kafka;
  readonly topic: string;
  readonly groupId: string;
  /** Where a new group starts: the topic's beginning (default) or its end. */
  readonly fromBeginning?: boolean;
  /** Broker-side session timeout: how soon a dead member's partitions go to another. */
  readonly sessionTimeoutMs?: number;
  readonly onError?: (error: unknown) => void;
  readonly onHandled?: (outcome: NotifyOutcome, message: unknown) => void;
}

export interface NotificationConsumer {
  stop(): Promise<void>;
}

const RETRY_MS = 1_000;

/**
 * A member of a Kafka consumer group that mails claimants. Offsets are committed only after a
 * message was handled (mailed and recorded), so a crash redelivers it, and notifyClaimant's
 * record of event ids turns a redelivery into no mail.
 */
export function startNotificationConsumer(
  options: NotificationConsumerOptions,
): NotificationConsumer {
  let stopped = false;
  let consumer: Consumer | undefined;
  const { pause, wake } = wakeablePause();

  const starting = (async () => {
    while (!stopped) {
      const candidate = options.kafka.consumer({
        groupId: options.groupId,
        sessionTimeout: options.sessionTimeoutMs ?? 30_000,
        heartbeatInterval: Math.min(3_000, Math.floor((options.sessionTimeoutMs ?? 30_000) / 3)),
        allowAutoTopicCreation: false,
      });
      try {
        await candidate.connect();
        await candidate.subscribe({
          topic: options.topic,
          fromBeginning: options.fromBeginning ?? true,
        });
        await candidate.run({
          partitionsConsumedConcurrently: 3,
          eachMessage: async ({ message }) => {
            const value = parseValue(message.value);
            if (!integrationEventSchema.safeParse(value).success) {
              // A message no version of the contract describes would block its partition forever.
              options.onError?.(new Error(`skipped a message that is not an integration event`));
              return;
            }
            try {
              const outcome = await notifyClaimant(options, value);
              options.onHandled?.(outcome, value);
            } catch (error) {
              options.onError?.(error);
              throw error;
            }
          },
        });
        consumer = candidate;
        return;
      } catch (error) {
        options.onError?.(error);
        await candidate.disconnect().catch(() => {});
        await pause(RETRY_MS);
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake();
      await starting;
      await consumer?.disconnect().catch(() => {});
    },
  };
}

function parseValue(value: Buffer | null): unknown {
  try {
    return JSON.parse(value?.toString('utf8') ?? 'null');
  } catch {
    return undefined;
  }
}
