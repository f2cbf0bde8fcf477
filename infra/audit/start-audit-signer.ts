import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { createKafka } from '../kafka/kafka-client';
import { configuredBrokerCount } from '../kafka/relay-topic';
import type { Runtime } from '../runtime';
import { auditKeysFor, requireSigningKey } from './audit-keys';
import { type CheckpointTopic, checkpointTopic } from './checkpoint-publisher';
import { startCheckpointSigner } from './checkpoint-signer';

/** `<KAFKA_TOPIC>.checkpoints`, or nothing with Kafka off. */
function topicOf(config: Config, log: Pick<Logger, 'warn' | 'error'>): CheckpointTopic | undefined {
  if (!config.KAFKA_BROKERS) return undefined;
  const kafka = createKafka({
    brokers: config.KAFKA_BROKERS,
    clientId: `${config.KAFKA_CLIENT_ID}-checkpoints`,
    log,
  });
  return checkpointTopic(kafka, `${config.KAFKA_TOPIC}.checkpoints`, {
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
    minInsyncReplicas: config.KAFKA_MIN_INSYNC_REPLICAS,
    expectedBrokers: configuredBrokerCount(config.KAFKA_BROKERS),
  });
}

/**
 * The portal's signer of audit checkpoints (decision 130). Throws without a signing key in
 * production, so start-up stops with the settings named. With EventStoreDB there are no
 * stream heads of ours to sign: nothing starts.
 */
export async function startAuditCheckpoints(
  config: Config,
  runtime: Pick<Runtime, 'pool' | 'leasePool' | 'documents'>,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<(() => Promise<void>) | undefined> {
  const key = await requireSigningKey(config);
  if (config.EVENTSTORE_URL) {
    log.warn('audit checkpoints are not signed with EventStoreDB (no stream heads of ours)');
    return undefined;
  }
  const topic = topicOf(config, log);
  const signer = startCheckpointSigner({
    pool: runtime.pool,
    leasePool: runtime.leasePool,
    documents: runtime.documents,
    keys: await auditKeysFor(config),
    topic,
    intervalMs: config.AUDIT_CHECKPOINT_INTERVAL_MS,
    everyEvents: config.AUDIT_CHECKPOINT_EVERY_EVENTS,
    leaseTtlMs: config.LEASE_TTL_MS,
    log,
  });
  log.info({ keyId: key.keyId }, 'audit checkpoints signed with key');
  return async () => {
    await signer.stop();
    await topic?.close();
  };
}
