import {
  type Kafka,
  type Message,
  type PartitionOffset,
  Partitioners,
  type Producer,
} from 'kafkajs';
import type { LogPosition } from '@contracts/event-store';
import { messagesByPartition } from './partition-sends';

/**
 * The relay's transactional producer and what the topic has committed (decision 145).
 *
 * Every portal's relay of one name and topic shares one `transactionalId`: a new leader's
 * first transaction makes the broker bump the producer epoch, abort the old leader's open
 * transaction and refuse any later write of the old epoch. The relay's position (the last
 * stored event whose integration events are on the topic) is committed in the same
 * transaction as those records, as the offset metadata of a consumer group no consumer joins,
 * on the topic's partition 0; it is read once the epoch is this producer's, so it is final.
 */

const relayTransactionalId = (name: string, topic: string) => `${name}:${topic}`;
const relayPositionGroup = (name: string) => `${name}.position`;

export interface RelaySession {
  readonly producer: Producer;
  /** Every stored event up to here has its integration events on the topic (committed). */
  position: LogPosition | undefined;
}

/** How long the broker lets a transaction stay open before it aborts it. */
const TRANSACTION_TIMEOUT_MS = 60_000;

export async function openRelaySession(
  kafka: Kafka,
  relay: { readonly name: string; readonly topic: string },
): Promise<RelaySession> {
  const producer = kafka.producer({
    createPartitioner: Partitioners.DefaultPartitioner,
    allowAutoTopicCreation: false,
    transactionalId: relayTransactionalId(relay.name, relay.topic),
    transactionTimeout: TRANSACTION_TIMEOUT_MS,
    // Retries inside one connection never duplicate or reorder a message (and kafkajs's
    // transactions need both).
    idempotent: true,
    maxInFlightRequests: 1,
    // Retried at most a second apart for about two minutes: a send resumes within a second
    // of a new partition leader or of the broker's return, instead of failing and waiting
    // out the subscription's backoff (up to 5 s) and a new producer's handshake. The first
    // retry after 20 ms, as Java's client does for CONCURRENT_TRANSACTIONS: the coordinator
    // answers it to the batch that follows a commit until that commit's markers are written
    // (with 100 ms, the end-to-end lag's median went from 43 to 243 ms; with 20 ms, 81 ms).
    retry: { initialRetryTime: 20, maxRetryTime: 1_000, retries: 120 },
  });
  await producer.connect();
  try {
    // kafkajs sends InitProducerId with the first transaction: this empty one fences the
    // previous holder of the id (its open transaction is aborted before the answer comes).
    const fencing = await producer.transaction();
    await fencing.abort();
    return { producer, position: await readRelayPosition(kafka, relay.name, relay.topic) };
  } catch (error) {
    await producer.disconnect().catch(() => {});
    throw error;
  }
}

/** The position the topic committed last, or undefined when none was ever committed. */
async function readRelayPosition(
  kafka: Kafka,
  name: string,
  topic: string,
): Promise<LogPosition | undefined> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const [offsets] = await admin.fetchOffsets({
      groupId: relayPositionGroup(name),
      topics: [topic],
    });
    const metadata = offsets?.partitions.find((p) => p.partition === 0)?.metadata;
    const match = /^(\d+):(\d+)$/.exec(metadata ?? '');
    return match
      ? { commit: BigInt(match[1] as string), prepare: BigInt(match[2] as string) }
      : undefined;
  } finally {
    await admin.disconnect();
  }
}

/** The offsets a transaction commits to record `position` (see `relayPositionGroup`). */
function positionOffsets(name: string, topic: string, position: LogPosition) {
  const partition: PartitionOffset & { metadata: string } = {
    partition: 0,
    offset: position.commit.toString(),
    metadata: `${position.commit}:${position.prepare}`,
  };
  return {
    consumerGroupId: relayPositionGroup(name),
    topics: [{ topic, partitions: [partition] }],
  };
}

export interface TransactionalSend {
  readonly topic: string;
  readonly partitions: number;
  readonly messages: readonly Message[];
  /** The relay's new position, committed with the records. */
  readonly position?: LogPosition;
  /** Rejects when the relay stops: a send retrying against a dead broker gives way to it. */
  readonly stopping: Promise<never>;
}

/**
 * Sends the messages in one transaction and commits it, with the relay's new position when
 * given. A failed send aborts the transaction and throws: the caller drops the producer.
 */
export async function sendInTransaction(
  session: RelaySession,
  relayName: string,
  send: TransactionalSend,
): Promise<void> {
  const transaction = await session.producer.transaction();
  const abortAndThrow = async (error: unknown): Promise<never> => {
    await transaction.abort().catch(() => {});
    throw error;
  };
  // One partition per kafkajs send, one after another (decision 150): a send to several
  // brokers is several requests in flight, and kafkajs retries a failed one while the others
  // are still on their way, sending their records again in this transaction.
  for (const [partition, group] of messagesByPartition(
    send.topic,
    send.partitions,
    send.messages,
  )) {
    const written = await Promise.race([
      send.stopping,
      transaction.send({
        topic: send.topic,
        acks: -1,
        messages: group.map((message) => ({ ...message, partition })),
      }),
    ]).catch(abortAndThrow);
    // kafkajs can resolve a send that skipped a partition (decision 099): the partition must
    // be in the broker's answer, or the batch goes again.
    if (!written.some((record) => record.partition === partition))
      await abortAndThrow(new Error(`kafka did not answer for partition ${partition} of the send`));
  }
  if (send.position)
    await transaction.sendOffsets(positionOffsets(relayName, send.topic, send.position));
  await Promise.race([send.stopping, transaction.commit()]);
  if (send.position) session.position = send.position;
}
