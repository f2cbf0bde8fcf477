import { type Producer, Partitioners } from 'kafkajs';
import type pg from 'pg';
import { isClaimEvent } from '@contracts/claims/events';
import { compareLogPositions, type RecordedEvent, type Subscription } from '@contracts/event-store';
import {
  type IntegrationEvent,
  integrationHeaders,
} from '@contracts/integration/claim-integration-events';
import { inSpansPerTrace, SpanKind } from '@contracts/trace-context';
import { holdElection, type Election } from '@projections/runner/election';
import { assertHeld, type Fence, fencedBegin } from '@projections/runner/lease';
import { inTransaction } from '@projections/runner/shadow-tables';
import { mapClaimEvent, type RelayClaimState } from './map-claim-event';
import {
  ensureRelayCheckpoint,
  moveRelayCheckpoint,
  readRelayCheckpoint,
} from './relay-checkpoint';
import {
  claimsToRetry,
  park,
  parkedClaimsAmong,
  parkedOf,
  type ParkedRecord,
  settleRetry,
  type ToPark,
  WAITING_BEHIND,
} from './relay-parking';
import { claimIdOf, earlierEvents, foldState, loadStates, saveStates } from './relay-state';
import { partitionsOf } from './partition-sends';
import { ensureTopic } from './relay-topic';
import { wakeablePause } from './wakeable-pause';

export { readRelayCheckpoint } from './relay-checkpoint';
import type { Relay, RelayOptions, RelayStatus } from './relay-options';

export type { Relay, RelayOptions } from './relay-options';

const withTrace = (headers: Record<string, string>, traceparent: string | undefined) =>
  traceparent ? { ...headers, traceparent } : headers;

const RETRY_MS = 1_000;
const leaseName = (name: string) => `kafka-relay:${name}`;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Publishes the event store's claim events to Kafka as integration events, at least once, in
 * the log's order (each claim's events in order on its partition, keyed by claim id).
 *
 * No transaction is open while Kafka is called (decision 051): each batch is read and mapped
 * with plain reads, sent with acks = all, and only then are the claim states, any parked
 * events and the new checkpoint stored in one short transaction. A crash or a broker failure
 * before that commit publishes the batch again (same event ids); nothing is skipped.
 * One relay per name publishes: the holder of its lease (decision 112); the others stand by
 * and take over once it is released or runs out. Each batch's transaction checks the lease's
 * fencing token, so a relay that wakes after a takeover records nothing, and it checks its
 * own clock before each send, so it does not publish again what the new leader publishes.
 */
export function startRelay(options: RelayOptions): Relay {
  const name = options.name ?? 'kafka-relay';
  const map = options.map ?? mapClaimEvent;
  const heartbeatMs = options.heartbeatMs ?? 1_000;
  let stopped = false;
  let producer: Producer | undefined;
  let status: RelayStatus = { role: 'starting' };
  let markTopicReady: () => void = () => {};
  const topicReady = new Promise<void>((resolve) => {
    markTopicReady = resolve;
  });
  let markCaughtUp: () => void = () => {};
  const caughtUp = new Promise<void>((resolve) => {
    markCaughtUp = resolve;
  });
  let abortSend: (error: Error) => void = () => {};
  const stopping = new Promise<never>((_, reject) => {
    abortSend = reject;
  });
  stopping.catch(() => {});
  const stopSignal = new AbortController();
  const { pause, wake } = wakeablePause();
  // Batches and parked retries run one at a time: a claim's events leave in log order.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => {});
    return next;
  };

  async function checkTopic(): Promise<void> {
    const admin = options.kafka.admin();
    await admin.connect();
    try {
      const topic = await ensureTopic(admin, options.topic, {
        partitions: options.partitions ?? 6,
        replicationFactor: options.replicationFactor,
        minInsyncReplicas: options.minInsyncReplicas,
        expectedBrokers: options.expectedBrokers,
        signal: stopSignal.signal,
      });
      status = { ...status, topic };
      markTopicReady();
      options.onTopic?.(topic);
    } finally {
      await admin.disconnect();
    }
  }

  async function connectedProducer(): Promise<Producer> {
    if (producer) return producer;
    const created = options.kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      allowAutoTopicCreation: false,
      // Retries inside one connection never duplicate or reorder a message.
      idempotent: true,
      maxInFlightRequests: 1,
      // Retried at most a second apart for about two minutes: a send resumes within a second
      // of a new partition leader or of the broker's return, instead of failing and waiting
      // out the subscription's backoff (up to 5 s) and a new producer's handshake.
      retry: { initialRetryTime: 100, maxRetryTime: 1_000, retries: 120 },
    });
    await Promise.race([stopping, created.connect()]);
    producer = created;
    return created;
  }

  async function send(
    events: readonly IntegrationEvent[],
    traceOf: (event: IntegrationEvent) => string | undefined = () => undefined,
  ): Promise<void> {
    if (events.length === 0) return;
    try {
      const connected = await connectedProducer();
      const messages = events.map((event) => ({
        key: event.claimId,
        value: JSON.stringify(event),
        headers: withTrace(integrationHeaders(event), traceOf(event)),
      }));
      const partitions = status.topic?.actual.partitions ?? options.partitions ?? 6;
      // A send retrying against a dead broker gives way to stop().
      const written = await Promise.race([
        stopping,
        connected.send({ topic: options.topic, acks: -1, messages }),
      ]);
      // kafkajs can resolve a send that skipped a partition (decision 099): each partition
      // the batch's keys go to must be in the brokers' answers, or the batch goes again.
      const answered = new Set(written.map((record) => record.partition));
      const skipped = [...partitionsOf(options.topic, partitions, messages)].filter(
        (partition) => !answered.has(partition),
      );
      if (skipped.length > 0)
        throw new Error(`kafka did not answer for partition ${skipped.join(', ')} of the send`);
      status = { ...status, lastSendError: undefined, lastPublishedAt: new Date() };
    } catch (error) {
      status = { ...status, lastSendError: messageOf(error) };
      // The next batch starts on a fresh producer rather than on a connection that failed.
      const failed = producer;
      producer = undefined;
      await failed?.disconnect().catch(() => {});
      throw error;
    }
  }

  async function publishBatch(batch: readonly RecordedEvent[], fence: Fence): Promise<void> {
    assertHeld(fence);
    const checkpoint = await readRelayCheckpoint(options.pool, name);
    const events = batch.filter((e) => compareLogPositions(e.position, checkpoint) > 0);
    if (events.length === 0) return;
    const claimEvents = events.filter(isClaimEvent);
    const ids = claimEvents.map(claimIdOf);
    const [states, parkedClaims] = await Promise.all([
      loadStates(options.pool, ids),
      parkedClaimsAmong(options.pool, name, ids),
    ]);
    const changed = new Map<string, RelayClaimState>();
    const published: IntegrationEvent[] = [];
    const parked: ToPark[] = [];
    for (const event of claimEvents) {
      const claimId = claimIdOf(event);
      if (parkedClaims.has(claimId)) {
        parked.push({ event, error: WAITING_BEHIND });
        continue;
      }
      const earlier = states.has(claimId) ? [] : await earlierEvents(options.eventStore, event);
      try {
        const before = states.get(claimId) ?? foldState(event, earlier);
        const { integrationEvents, state } = map(event, before);
        if (state) {
          states.set(claimId, state);
          changed.set(claimId, state);
        }
        published.push(...integrationEvents);
      } catch (error) {
        // Parked, not fatal: other claims flow; this claim's later events wait behind it.
        parked.push({ event, error: messageOf(error) });
        parkedClaims.add(claimId);
      }
    }
    assertHeld(fence);
    await sendTraced(published, claimEvents);
    const last = (events.at(-1) as RecordedEvent).position;
    await inTransaction(
      options.pool,
      async (client: pg.PoolClient) => {
        if (!(await moveRelayCheckpoint(client, name, checkpoint, last, published.length)))
          throw new Error(`relay ${name}: the checkpoint moved under this relay`);
        await saveStates(client, changed);
        await park(client, name, parked);
      },
      fencedBegin(fence),
    );
    options.onPublished?.(published, last);
    if (parked.length > 0) options.onParked?.(parked);
  }

  /**
   * Sends under one span per request the events came from (decision 073); each message
   * carries its trace in a `traceparent` header, so the consumers continue it.
   */
  function sendTraced(
    published: readonly IntegrationEvent[],
    sources: readonly RecordedEvent[],
  ): Promise<void> {
    const traceparents = new Map(sources.map((e) => [e.metadata.eventId, e.metadata.traceparent]));
    return inSpansPerTrace(
      `kafka relay publish ${options.topic}`,
      traceparents.values(),
      (childOf) => send(published, (event) => childOf(traceparents.get(event.sourceEventId))),
      SpanKind.PRODUCER,
    );
  }

  /** Publishes the parked events someone asked to retry, claim by claim, in log order. */
  async function retryParked(fence: Fence): Promise<void> {
    for (const claimId of await claimsToRetry(options.pool, name)) {
      const records = await parkedOf(options.pool, name, claimId);
      let state = (await loadStates(options.pool, [claimId])).get(claimId);
      const done: ParkedRecord[] = [];
      const published: IntegrationEvent[] = [];
      let failed: { record: ParkedRecord; error: string } | undefined;
      for (const record of records) {
        const [event] = await options.eventStore.readStream(record.streamId, {
          fromRevision: record.streamRevision,
          maxCount: 1,
        });
        if (!event) {
          failed = { record, error: 'the event is no longer in the store' };
          break;
        }
        const earlier = state ? [] : await earlierEvents(options.eventStore, event);
        try {
          const mapped = map(event, state ?? foldState(event, earlier));
          state = mapped.state ?? state;
          published.push(...mapped.integrationEvents);
          done.push(record);
        } catch (error) {
          failed = { record, error: messageOf(error) };
          break;
        }
      }
      assertHeld(fence);
      await send(published);
      await inTransaction(
        options.pool,
        async (client: pg.PoolClient) => {
          await settleRetry(client, name, claimId, done, failed);
          if (state && done.length > 0) await saveStates(client, new Map([[claimId, state]]));
        },
        fencedBegin(fence),
      );
      const last = done.at(-1);
      if (last) options.onPublished?.(published, last.position);
    }
  }

  async function standBy(): Promise<void> {
    status = { ...status, role: 'standby' };
    const after = await readRelayCheckpoint(options.pool, name);
    const rest = await options.eventStore.readAll({ after, maxCount: 1 });
    if (rest.length === 0) markCaughtUp();
  }

  async function lead(fence: Fence): Promise<() => Promise<void>> {
    status = { ...status, role: 'leader' };
    const subscription: Subscription = options.eventStore.subscribe({
      after: await readRelayCheckpoint(options.pool, name),
      batchSize: options.batchSize ?? 500,
      onEvents: (events) => serial(() => publishBatch(events, fence)),
      onError: options.onError,
    });
    void subscription.caughtUp.then(markCaughtUp);
    let leading = true;
    const retries = (async () => {
      while (leading) {
        await pause(heartbeatMs);
        if (leading && fence.held())
          await serial(() => retryParked(fence)).catch((error) => options.onError?.(error));
      }
    })();
    return async () => {
      leading = false;
      wake();
      await retries;
      await subscription.stop();
    };
  }

  let election: Election | undefined;
  const loop = (async () => {
    while (!stopped) {
      try {
        await ensureRelayCheckpoint(options.pool, name);
        await checkTopic();
        break;
      } catch (error) {
        // The topic's wait cut short by stop() is no failure.
        if (stopped) break;
        options.onError?.(error);
        await pause(RETRY_MS);
      }
    }
    if (stopped) return;
    election = holdElection({
      ...options.election,
      pool: options.leasePool ?? options.pool,
      lease: leaseName(name),
      ttlMs: options.leaseTtlMs,
      lead,
      whileStandingBy: standBy,
      onError: options.onError,
      onRoleChange: (role) => {
        status = { ...status, role };
      },
    });
  })();

  return {
    topicReady,
    caughtUp,
    name,
    status: () => status,
    async stop() {
      stopped = true;
      wake();
      // A send stuck retrying against a dead broker fails now; its batch is not recorded.
      abortSend(new Error('the relay is stopping'));
      stopSignal.abort();
      await loop;
      await election?.stop();
      await producer?.disconnect().catch(() => {});
    },
  };
}
