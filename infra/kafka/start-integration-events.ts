import type pg from 'pg';
import type { Logger } from 'pino';
import type { EventStore } from '@contracts/event-store';
import type { Mailer } from '@contracts/mail';
import type { Config } from '../config/config';
import { brokerProbe, registerKafkaHealth, relayHealth } from './kafka-health';
import { createKafka } from './kafka-client';
import {
  type NotificationConsumer,
  startNotificationConsumer,
} from './notifications/notification-consumer';
import { postgresClaimantDirectory } from './notifications/notify-claimant';
import { startRelay } from './relay';
import type { RelayStatus } from './relay-options';
import { configuredBrokerCount } from './relay-topic';

/** How the notification consumer's client reconnects (decision 057). */
export const NOTIFICATION_RETRY = { initialRetryTime: 250, retries: 10, maxRetryTime: 1_000 };

export interface IntegrationEventsRuntime {
  /** The relay's role and last send (health reads the same). */
  relayStatus(): RelayStatus;
  stop(): Promise<void>;
}

/**
 * With KAFKA_BROKERS: the relay (event store → Kafka) and, unless KAFKA_NOTIFICATIONS=off, the
 * notification consumer (Kafka → claimants' mail). Without it: nothing, as before. Neither
 * waits for the broker: both keep retrying in the background, so the site starts either way.
 */
export function startIntegrationEvents(
  config: Config,
  ports: { pool: pg.Pool; leasePool?: pg.Pool; eventStore: EventStore; mailer: Mailer },
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
): IntegrationEventsRuntime | undefined {
  if (!config.KAFKA_BROKERS) return undefined;
  const expectedBrokers = configuredBrokerCount(config.KAFKA_BROKERS);
  const kafka = createKafka({
    brokers: config.KAFKA_BROKERS,
    clientId: config.KAFKA_CLIENT_ID,
    log,
  });
  const relay = startRelay({
    pool: ports.pool,
    leasePool: ports.leasePool,
    eventStore: ports.eventStore,
    kafka,
    topic: config.KAFKA_TOPIC,
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
    minInsyncReplicas: config.KAFKA_MIN_INSYNC_REPLICAS,
    expectedBrokers,
    leaseTtlMs: config.LEASE_TTL_MS,
    onError: (err) => log.error({ err }, 'kafka relay batch failed; retrying'),
    onTopic: (report) => {
      for (const warning of report.warnings) log.warn({ topic: report.topic }, warning);
      if (report.differences.length > 0) {
        log.warn(
          { topic: report.topic, differences: report.differences },
          `topic ${report.topic} differs from the settings: ${report.differences.join('; ')}`,
        );
      }
    },
    onParked: (events) =>
      log.error(
        {
          parked: events.map(({ event, error }) => ({
            eventId: event.metadata.eventId,
            type: event.type,
            streamId: event.streamId,
            error,
          })),
        },
        'kafka relay parked events it cannot map (npm run kafka:parked -- list)',
      ),
  });
  const probe = brokerProbe(
    createKafka({
      brokers: config.KAFKA_BROKERS,
      clientId: config.KAFKA_CLIENT_ID,
      retry: { initialRetryTime: 100, retries: 0, maxRetryTime: 100 },
    }),
  );
  registerKafkaHealth(() => relayHealth(ports, relay, probe));
  void relay.caughtUp.then(() =>
    log.info({ topic: config.KAFKA_TOPIC }, 'kafka relay caught up with the event store'),
  );
  // The consumer joins once the relay made sure the topic exists: a group that subscribes to
  // a topic not created yet can be left with no partitions until its metadata next refreshes.
  let stopped = false;
  let consumer: NotificationConsumer | undefined;
  if (config.KAFKA_NOTIFICATIONS === 'on') {
    // A client of its own that reconnects every second at most: mail resumes within
    // seconds of the broker's return instead of after a 5 s back-off (decision 057).
    const notificationKafka = createKafka({
      brokers: config.KAFKA_BROKERS,
      clientId: `${config.KAFKA_CLIENT_ID}-notifications`,
      log,
      retry: NOTIFICATION_RETRY,
    });
    void relay.topicReady.then(() => {
      if (stopped) return;
      consumer = startNotificationConsumer({
        kafka: notificationKafka,
        topic: config.KAFKA_TOPIC,
        groupId: config.KAFKA_NOTIFICATIONS_GROUP,
        pool: ports.pool,
        mailer: ports.mailer,
        directory: postgresClaimantDirectory(ports.pool),
        portalUrl: config.PUBLIC_URL,
        onError: (err) => log.error({ err }, 'claim notification failed; retrying'),
        onDeadLetter: (reason, error) =>
          log.warn({ reason, error }, 'claim notification parked in the dead-letter topic'),
        onJoined: (partitions) =>
          log.info({ partitions }, 'notification consumer joined its group'),
        deadLetterReplication: {
          replicationFactor: config.KAFKA_REPLICATION_FACTOR,
          minInsyncReplicas: config.KAFKA_MIN_INSYNC_REPLICAS,
          expectedBrokers,
        },
      });
    });
  }
  log.info(
    {
      brokers: config.KAFKA_BROKERS,
      topic: config.KAFKA_TOPIC,
      notifications: config.KAFKA_NOTIFICATIONS,
    },
    'publishing integration events to Kafka',
  );
  return {
    relayStatus: () => relay.status(),
    async stop() {
      stopped = true;
      registerKafkaHealth(undefined);
      await Promise.all([relay.stop(), consumer?.stop()]);
    },
  };
}
