import { type Kafka, type Producer, Partitioners } from 'kafkajs';
import type pg from 'pg';
import { isClaimEvent, upcastClaimEvent } from '@contracts/claims/events';
import {
  compareLogPositions,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
  START_OF_LOG,
  type Subscription,
} from '@contracts/event-store';
import {
  type IntegrationEvent,
  integrationHeaders,
} from '@contracts/integration/claim-integration-events';
import { evolveRelayState, mapClaimEvent, type RelayClaimState } from './map-claim-event';
import { wakeablePause } from './wakeable-pause';

export interface RelayOptions {
  readonly pool: pg.Pool;
  readonly eventStore: EventStore;
  readonly kafka: Kafka;
  readonly topic: string;
  readonly partitions?: number;
  /** The checkpoint's name: one per relay of a topic. */
  readonly name?: string;
  readonly batchSize?: number;
  readonly onError?: (error: unknown) => void;
  /** After each batch is acknowledged and its checkpoint stored. */
  readonly onPublished?: (events: readonly IntegrationEvent[], position: LogPosition) => void;
}

export interface Relay {
  /** Resolves once the relay has published everything in the log at least once. */
  readonly caughtUp: Promise<void>;
  stop(): Promise<void>;
}

const RETRY_MS = 1_000;

/**
 * Publishes the event store's claim events to Kafka as integration events, at least once, in
 * the log's order (so each claim's events in order on its partition, keyed by claim id).
 *
 * Each batch: lock the checkpoint row, map the events after it (with each claim's remembered
 * state), send them and wait for every replica's ack (acks = all), then store the claim
 * states and move the checkpoint in the same transaction. A crash or a broker failure before
 * the commit publishes the batch again on restart (same event ids); nothing is skipped.
 * Two relays on one database take turns on the row lock and never publish a batch twice.
 */
export function startRelay(options: RelayOptions): Relay {
  const name = options.name ?? 'kafka-relay';
  let stopped = false;
  let subscription: Subscription | undefined;
  let producer: Producer | undefined;
  let markCaughtUp: () => void = () => {};
  const caughtUp = new Promise<void>((resolve) => {
    markCaughtUp = resolve;
  });
  let abortSend: (error: Error) => void = () => {};
  const stopping = new Promise<never>((_, reject) => {
    abortSend = reject;
  });
  stopping.catch(() => {});
  const { pause, wake } = wakeablePause();

  async function connect(): Promise<void> {
    const admin = options.kafka.admin();
    await admin.connect();
    try {
      const topics = await admin.listTopics();
      if (!topics.includes(options.topic)) {
        await admin.createTopics({
          waitForLeaders: true,
          topics: [{ topic: options.topic, numPartitions: options.partitions ?? 6 }],
        });
      }
    } finally {
      await admin.disconnect();
    }
    producer = options.kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      allowAutoTopicCreation: false,
      // Retries inside one connection never duplicate or reorder a message.
      idempotent: true,
      maxInFlightRequests: 1,
    });
    await producer.connect();
  }

  const starting = (async () => {
    while (!stopped) {
      try {
        await connect();
        break;
      } catch (error) {
        options.onError?.(error);
        await producer?.disconnect().catch(() => {});
        producer = undefined;
        await pause(RETRY_MS);
      }
    }
    if (stopped) return;
    const after = await readRelayCheckpoint(options.pool, name);
    subscription = options.eventStore.subscribe({
      after,
      batchSize: options.batchSize ?? 500,
      onEvents: (events) => publishBatch(events),
      onError: options.onError,
    });
    void subscription.caughtUp.then(markCaughtUp);
  })();

  async function publishBatch(batch: readonly RecordedEvent[]): Promise<void> {
    const client = await options.pool.connect();
    try {
      await client.query('begin');
      const checkpoint = await lockCheckpoint(client, name);
      const events = batch.filter((e) => compareLogPositions(e.position, checkpoint) > 0);
      if (events.length === 0) {
        await client.query('commit');
        return;
      }
      const states = await loadStates(client, events);
      const changed = new Map<string, RelayClaimState>();
      const published: IntegrationEvent[] = [];
      for (const event of events) {
        if (!isClaimEvent(event)) continue;
        const claimId = upcastClaimEvent(event).data.submissionId;
        const before = states.get(claimId) ?? (await stateFromStream(event, claimId));
        const { integrationEvents, state } = mapClaimEvent(event, before);
        if (state) {
          states.set(claimId, state);
          changed.set(claimId, state);
        }
        published.push(...integrationEvents);
      }
      if (published.length > 0) {
        if (!producer) throw new Error('the Kafka producer is not connected');
        // A send retrying against a dead broker gives way to stop(): the batch rolls back.
        await Promise.race([
          stopping,
          producer.send({
            topic: options.topic,
            acks: -1,
            messages: published.map((event) => ({
              key: event.claimId,
              value: JSON.stringify(event),
              headers: integrationHeaders(event),
            })),
          }),
        ]);
      }
      await saveStates(client, changed);
      const last = (events.at(-1) as RecordedEvent).position;
      await client.query(
        `update kafka_relay_checkpoints
         set commit_position = $2, prepare_position = $3, published = published + $4, updated_at = now()
         where name = $1`,
        [name, last.commit.toString(), last.prepare.toString(), published.length],
      );
      await client.query('commit');
      options.onPublished?.(published, last);
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** A claim the relay has no state for (its submission came before a reset): fold its stream. */
  async function stateFromStream(
    event: RecordedEvent,
    claimId: string,
  ): Promise<RelayClaimState | undefined> {
    if (event.type === 'ClaimSubmitted') return undefined;
    const earlier = await options.eventStore.readStream(event.streamId, {
      maxCount: Number(event.streamRevision),
    });
    let state: RelayClaimState | undefined;
    for (const stored of earlier)
      if (isClaimEvent(stored)) state = evolveRelayState(state, upcastClaimEvent(stored));
    if (!state) throw new Error(`claim ${claimId} has events but no submission`);
    return state;
  }

  return {
    caughtUp,
    async stop() {
      stopped = true;
      wake();
      abortSend(new Error('the relay is stopping'));
      await starting;
      // The producer first: a send stuck retrying against a dead broker fails now and its batch
      // rolls back, instead of holding the stop for the whole retry budget.
      await producer?.disconnect().catch(() => {});
      await subscription?.stop();
    },
  };
}

interface CheckpointRow {
  commit_position: string;
  prepare_position: string;
}

export async function readRelayCheckpoint(
  client: Pick<pg.Pool, 'query'>,
  name: string,
): Promise<LogPosition> {
  const { rows } = await client.query<CheckpointRow>(
    'select commit_position, prepare_position from kafka_relay_checkpoints where name = $1',
    [name],
  );
  const row = rows[0];
  return row
    ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) }
    : START_OF_LOG;
}

async function lockCheckpoint(client: pg.PoolClient, name: string): Promise<LogPosition> {
  await client.query(
    `insert into kafka_relay_checkpoints (name, commit_position, prepare_position)
     values ($1, 0, 0) on conflict do nothing`,
    [name],
  );
  const { rows } = await client.query<CheckpointRow>(
    'select commit_position, prepare_position from kafka_relay_checkpoints where name = $1 for update',
    [name],
  );
  const row = rows[0] as CheckpointRow;
  return { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
}

interface StateRow {
  claim_id: string;
  customer_id: string;
  status: RelayClaimState['status'];
  additional_reason: string;
  claim_number: string;
}

async function loadStates(
  client: pg.PoolClient,
  events: readonly RecordedEvent[],
): Promise<Map<string, RelayClaimState>> {
  const ids = [
    ...new Set(events.filter(isClaimEvent).map((e) => upcastClaimEvent(e).data.submissionId)),
  ];
  const { rows } = await client.query<StateRow>(
    'select * from kafka_relay_claims where claim_id = any($1)',
    [ids],
  );
  return new Map(
    rows.map((row) => [
      row.claim_id,
      {
        customerId: row.customer_id,
        status: row.status,
        additionalReason: row.additional_reason,
        claimNumber: row.claim_number,
      },
    ]),
  );
}

async function saveStates(
  client: pg.PoolClient,
  states: ReadonlyMap<string, RelayClaimState>,
): Promise<void> {
  if (states.size === 0) return;
  const entries = [...states];
  await client.query(
    `insert into kafka_relay_claims (claim_id, customer_id, status, additional_reason, claim_number)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
     on conflict (claim_id) do update set
       customer_id = excluded.customer_id, status = excluded.status,
       additional_reason = excluded.additional_reason, claim_number = excluded.claim_number`,
    [
      entries.map(([id]) => id),
      entries.map(([, s]) => s.customerId),
      entries.map(([, s]) => s.status),
      entries.map(([, s]) => s.additionalReason),
      entries.map(([, s]) => s.claimNumber),
    ],
  );
}
