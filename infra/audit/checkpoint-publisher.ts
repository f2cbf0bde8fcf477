import type { Kafka, Producer } from 'kafkajs';
import type { DocumentStorage } from '@contracts/documents/document-storage';
import type { Checkpoint } from '@projections/audit/checkpoint';
import { ensureTopic } from '../kafka/relay-topic';

/** Where the witness copies live in the document store, one object per checkpoint. */
export const WITNESS_NAMESPACE = 'audit-checkpoints';

/** What the witness object and the Kafka message hold: the checkpoint alone, signature included. */
function checkpointMessage(checkpoint: Checkpoint): string {
  const { sequence, size, rootHash, signedAt, keyId, signature } = checkpoint;
  return JSON.stringify({
    format: 'claims-portal/audit-checkpoint',
    formatVersion: 1,
    checkpoint: { sequence, size, rootHash, signedAt, keyId, signature },
  });
}

/** Writes the witness copy outside Postgres; the key it was stored under. */
export async function writeWitness(
  documents: DocumentStorage,
  checkpoint: Checkpoint,
): Promise<string> {
  const stored = await documents.put({
    namespace: WITNESS_NAMESPACE,
    bytes: new TextEncoder().encode(checkpointMessage(checkpoint)),
    contentType: 'application/json',
  });
  return stored.key;
}

export interface CheckpointTopic {
  publish(checkpoint: Checkpoint): Promise<void>;
  close(): Promise<void>;
}

/**
 * `<topic>.checkpoints`: one partition, so a consumer reads checkpoints in sequence order;
 * created (or compared) like the relay's topic, published with acks from every in-sync
 * replica by an idempotent producer, as the relay publishes.
 */
export function checkpointTopic(
  kafka: Kafka,
  topic: string,
  replication: {
    readonly replicationFactor?: number;
    readonly minInsyncReplicas?: number;
    readonly expectedBrokers?: number;
  },
): CheckpointTopic {
  let producer: Producer | undefined;
  let ready = false;
  async function connected(): Promise<Producer> {
    if (!ready) {
      const admin = kafka.admin();
      await admin.connect();
      try {
        await ensureTopic(admin, topic, { partitions: 1, ...replication });
      } finally {
        await admin.disconnect();
      }
      ready = true;
    }
    if (producer) return producer;
    const created = kafka.producer({
      allowAutoTopicCreation: false,
      idempotent: true,
      maxInFlightRequests: 1,
    });
    await created.connect();
    producer = created;
    return created;
  }
  return {
    async publish(checkpoint) {
      try {
        const ready = await connected();
        await ready.send({
          topic,
          acks: -1,
          messages: [{ key: String(checkpoint.sequence), value: checkpointMessage(checkpoint) }],
        });
      } catch (error) {
        const failed = producer;
        producer = undefined;
        await failed?.disconnect().catch(() => {});
        throw error;
      }
    },
    async close() {
      await producer?.disconnect().catch(() => {});
    },
  };
}
