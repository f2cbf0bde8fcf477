import type pg from 'pg';
import { isClaimEvent } from '@contracts/claims/events';
import {
  compareLogPositions,
  type LogPosition,
  type RecordedEvent,
  type Subscription,
} from '@contracts/event-store';
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
import { openRelaySession, type RelaySession, sendInTransaction } from './relay-session';
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
 * Publishes the event store's claim events to Kafka as integration events, exactly once, in
 * the log's order (each claim's events in order on its partition, keyed by claim id).
 *
 * No Postgres transaction is open while Kafka is called (decision 051): each batch is read and
 * mapped with plain reads, sent in one Kafka transaction that also commits the relay's
 * position (decision 145), and only then are the claim states, any parked events and the new
 * checkpoint stored in one short Postgres transaction. A relay that takes over fences the old
 * leader's producer epoch, reads the position the topic committed and sends only what lies
 * past it; what lies between the Postgres checkpoint and that position is mapped again (for
 * the claim states) but not sent. One relay per name publishes: the holder of its lease
 * (decision 112); the others stand by and take over once it is released or runs out. Each
 * batch's Postgres transaction checks the lease's fencing token, so a relay that wakes after a
 * takeover records nothing, and the broker refuses its sends.
 */
export function startRelay(options: RelayOptions): Relay {
  const name = options.name ?? 'kafka-relay';
  const map = options.map ?? mapClaimEvent;
  const heartbeatMs = options.heartbeatMs ?? 1_000;
  let stopped = false;
  let session: RelaySession | undefined;
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

  /** The producer of this term, its epoch fenced in and the topic's position read after. */
  async function connectedSession(): Promise<RelaySession> {
    if (session) return session;
    session = await Promise.race([
      stopping,
      openRelaySession(options.kafka, { name, topic: options.topic }),
    ]);
    return session;
  }

  async function dropSession(): Promise<void> {
    const dropped = session;
    session = undefined;
    await dropped?.producer.disconnect().catch(() => {});
  }

  /**
   * Sends the events in one transaction, with the relay's new position when given. Any failure
   * drops the producer: the next send opens a new one and reads the position again (a commit
   * whose answer was lost may have committed).
   */
  async function send(
    events: readonly IntegrationEvent[],
    traceOf: (event: IntegrationEvent) => string | undefined = () => undefined,
    position?: LogPosition,
  ): Promise<void> {
    if (events.length === 0) return;
    try {
      const messages = events.map((event) => ({
        key: event.claimId,
        value: JSON.stringify(event),
        headers: withTrace(integrationHeaders(event), traceOf(event)),
      }));
      await sendInTransaction(await connectedSession(), name, {
        topic: options.topic,
        partitions: status.topic?.actual.partitions ?? options.partitions ?? 6,
        messages,
        position,
        stopping,
      });
      status = { ...status, lastSendError: undefined, lastPublishedAt: new Date() };
    } catch (error) {
      status = { ...status, lastSendError: messageOf(error) };
      // The next batch starts on a fresh producer rather than on a connection that failed.
      await dropSession();
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
    const mapped: { readonly from: LogPosition; readonly event: IntegrationEvent }[] = [];
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
        for (const published of integrationEvents)
          mapped.push({ from: event.position, event: published });
      } catch (error) {
        // Parked, not fatal: other claims flow; this claim's later events wait behind it.
        parked.push({ event, error: messageOf(error) });
        parkedClaims.add(claimId);
      }
    }
    assertHeld(fence);
    const last = (events.at(-1) as RecordedEvent).position;
    const published = await publishPastTheTopic(mapped, claimEvents, last);
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
   * Sends what the topic has not committed yet, with `last` as the relay's new position; the
   * rest was committed by a leader that froze or crashed before its checkpoint (decision 145).
   * A batch with nothing to send leaves Kafka alone: the checkpoint then runs ahead of the
   * topic's position, and the greater of the two is where sending resumes.
   */
  async function publishPastTheTopic(
    mapped: readonly { readonly from: LogPosition; readonly event: IntegrationEvent }[],
    sources: readonly RecordedEvent[],
    last: LogPosition,
  ): Promise<IntegrationEvent[]> {
    if (mapped.length === 0) return [];
    const committed = (await connectedSession()).position;
    const fresh = mapped
      .filter(({ from }) => !committed || compareLogPositions(from, committed) > 0)
      .map(({ event }) => event);
    if (fresh.length === 0) return [];
    await options.beforeSend?.();
    await sendTraced(fresh, sources, last);
    return fresh;
  }

  /**
   * Sends under one span per request the events came from (decision 073); each message
   * carries its trace in a `traceparent` header, so the consumers continue it.
   */
  function sendTraced(
    published: readonly IntegrationEvent[],
    sources: readonly RecordedEvent[],
    position: LogPosition,
  ): Promise<void> {
    const traceparents = new Map(sources.map((e) => [e.metadata.eventId, e.metadata.traceparent]));
    return inSpansPerTrace(
      `kafka relay publish ${options.topic}`,
      traceparents.values(),
      (childOf) =>
        send(published, (event) => childOf(traceparents.get(event.sourceEventId)), position),
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
    // A new term fences the previous holder's producer at once (its open transaction is
    // aborted, so consumers are not held at it) and reads the position after that.
    void serial(async () => {
      await dropSession();
      await connectedSession();
    }).catch((error) => options.onError?.(error));
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
      await serial(dropSession);
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
      await dropSession();
    },
  };
}
