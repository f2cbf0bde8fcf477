import type { Kafka } from 'kafkajs';
import type pg from 'pg';
import type { ElectionOptions } from '@projections/runner/election';
import type { EventStore, LogPosition, RecordedEvent } from '@contracts/event-store';
import type { IntegrationEvent } from '@contracts/integration/claim-integration-events';
import type { MappedEvent, RelayClaimState } from './map-claim-event';
import type { ToPark } from './relay-parking';
import type { TopicReport } from './relay-topic';

/** What `startRelay` takes and gives. */

export interface RelayOptions {
  readonly pool: pg.Pool;
  /** Where the lease is taken and renewed (default: `pool`). */
  readonly leasePool?: pg.Pool;
  readonly eventStore: EventStore;
  readonly kafka: Kafka;
  readonly topic: string;
  readonly partitions?: number;
  readonly replicationFactor?: number;
  readonly minInsyncReplicas?: number;
  /** The brokers the client was given: the topic waits for them before it is created. */
  readonly expectedBrokers?: number;
  /** The checkpoint's name: one per relay of a topic. */
  readonly name?: string;
  readonly batchSize?: number;
  /** Parked-retry poll (default 1 s). */
  readonly heartbeatMs?: number;
  /** The relay lease's TTL (default 5 s, decision 112): a frozen leader is replaced within about 4/3 of it. */
  readonly leaseTtlMs?: number;
  /** Tests only: a monotonic clock and a hook before each renewal (see `holdElection`). */
  readonly election?: Pick<ElectionOptions, 'monotonicNow' | 'beforeRenewal' | 'marginMs'>;
  /** Tests only: awaited after the last lease check, right before a batch goes to Kafka. */
  readonly beforeSend?: () => Promise<void>;
  /** The stored event to integration events (a test stands in a mapping a later deploy fixes). */
  readonly map?: (event: RecordedEvent, before: RelayClaimState | undefined) => MappedEvent;
  readonly onError?: (error: unknown) => void;
  /** Once the topic is created or checked: its settings and what differs from the expected. */
  readonly onTopic?: (report: TopicReport) => void;
  /** After each batch is acknowledged and its checkpoint stored. */
  readonly onPublished?: (events: readonly IntegrationEvent[], position: LogPosition) => void;
  readonly onParked?: (events: readonly ToPark[]) => void;
}

export interface RelayStatus {
  readonly role: 'starting' | 'leader' | 'standby';
  readonly topic?: TopicReport;
  readonly lastPublishedAt?: Date;
  /** The last send's failure, cleared by the next success. */
  readonly lastSendError?: string;
}

export interface Relay {
  /** Resolves once the topic exists (created or found and checked). */
  readonly topicReady: Promise<void>;
  /** Resolves once the relay has published everything in the log at least once. */
  readonly caughtUp: Promise<void>;
  readonly name: string;
  status(): RelayStatus;
  stop(): Promise<void>;
}
