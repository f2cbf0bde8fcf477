import kafkajs, { type Admin } from 'kafkajs';

// kafkajs is CommonJS: Node's ESM loader finds this enum only on the default export.
const { ConfigResourceTypes } = kafkajs;

export interface TopicSettings {
  readonly partitions: number;
  /** Unset: 3 on a cluster of 3 brokers or more, else 1 (with a warning). */
  readonly replicationFactor?: number;
  /** Unset: 2 on a cluster of 3 brokers or more, else 1. */
  readonly minInsyncReplicas?: number;
  /**
   * The brokers the client was given (KAFKA_BROKERS). Before creating the topic, wait until
   * the cluster lists at least these many: a broker still registering at start-up would
   * otherwise leave the topic under-replicated for good.
   */
  readonly expectedBrokers?: number;
  /** How long to wait for them before creating with the brokers listed (default 30 s). */
  readonly brokerWaitMs?: number;
  /** Ends the waits early (the relay is stopping): ensureTopic then throws. */
  readonly signal?: AbortSignal;
}

/** The brokers a KAFKA_BROKERS list names (distinct addresses). */
export function configuredBrokerCount(brokers: string): number {
  return new Set(
    brokers
      .split(',')
      .map((broker) => broker.trim())
      .filter(Boolean),
  ).size;
}

export interface TopicReport {
  readonly topic: string;
  readonly brokers: number;
  readonly created: boolean;
  readonly expected: {
    readonly partitions: number;
    readonly replicationFactor: number;
    readonly minInsyncReplicas: number;
  };
  /** What the topic has (as created, or as found). */
  readonly actual: {
    readonly partitions: number;
    readonly replicationFactor: number;
    readonly minInsyncReplicas: number | null;
  };
  /** A found topic's settings that differ from the expected ones, in words. */
  readonly differences: readonly string[];
  readonly warnings: readonly string[];
}

/** The replication the settings ask for on a cluster of `brokers` brokers. */
export function expectedReplication(
  settings: TopicSettings,
  brokers: number,
): { replicationFactor: number; minInsyncReplicas: number; warnings: string[] } {
  const large = brokers >= 3;
  const replicationFactor = settings.replicationFactor ?? (large ? 3 : 1);
  const minInsyncReplicas = settings.minInsyncReplicas ?? (large ? 2 : 1);
  const warnings: string[] = [];
  if (replicationFactor < 2) {
    warnings.push(
      `topic replication factor ${replicationFactor} on a cluster of ${brokers} broker(s): the loss of one broker's disk loses events not yet consumed`,
    );
  }
  if (replicationFactor > brokers) {
    warnings.push(
      `replication factor ${replicationFactor} needs ${replicationFactor} brokers; the cluster has ${brokers}`,
    );
  }
  return { replicationFactor, minInsyncReplicas, warnings };
}

const BROKER_WAIT_MS = 30_000;
const BROKER_POLL_MS = 250;

/** The pause between two polls, cut short (with a throw) by the signal. */
async function pollPause(signal: AbortSignal | undefined): Promise<void> {
  signal?.throwIfAborted();
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, BROKER_POLL_MS);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
  signal?.throwIfAborted();
}

/** The cluster's brokers once it lists the expected count, or when the wait runs out. */
async function listedBrokers(
  admin: Admin,
  settings: TopicSettings,
): Promise<{ brokers: Awaited<ReturnType<Admin['describeCluster']>>['brokers']; shortBy: number }> {
  const wanted = Math.max(settings.expectedBrokers ?? 1, settings.replicationFactor ?? 1);
  const deadline = Date.now() + (settings.brokerWaitMs ?? BROKER_WAIT_MS);
  for (;;) {
    const { brokers } = await admin.describeCluster();
    if (brokers.length >= wanted) return { brokers, shortBy: 0 };
    if (Date.now() >= deadline) return { brokers, shortBy: wanted - brokers.length };
    await pollPause(settings.signal);
  }
}

const LEADER_WAIT_MS = 30_000;

/** Until each partition has a leader; errors a broker may answer meanwhile are retried. */
async function leadersElected(
  admin: Admin,
  topic: string,
  partitions: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  const deadline = Date.now() + LEADER_WAIT_MS;
  for (;;) {
    try {
      const metadata = await admin.fetchTopicMetadata({ topics: [topic] });
      const found = metadata.topics[0]?.partitions ?? [];
      if (found.length === partitions && found.every((p) => p.leader >= 0)) return;
    } catch (error) {
      if (!(error as { retriable?: boolean }).retriable || Date.now() >= deadline) throw error;
    }
    if (Date.now() >= deadline) throw new Error(`topic ${topic}: no leader for every partition`);
    await pollPause(signal);
  }
}

/**
 * Creates the topic with the expected partitions and replication, or compares an existing
 * one with them (a found topic is never altered: the operator decides, the report says what
 * differs).
 */
export async function ensureTopic(
  admin: Admin,
  topic: string,
  settings: TopicSettings,
): Promise<TopicReport> {
  const exists = (await admin.listTopics()).includes(topic);
  const { brokers, shortBy } = exists
    ? { brokers: (await admin.describeCluster()).brokers, shortBy: 0 }
    : await listedBrokers(admin, settings);
  const { replicationFactor, minInsyncReplicas, warnings } = expectedReplication(
    settings,
    brokers.length,
  );
  if (shortBy > 0) {
    warnings.unshift(
      `the cluster listed ${brokers.length} of the ${brokers.length + shortBy} configured brokers after ${settings.brokerWaitMs ?? BROKER_WAIT_MS} ms; the topic is created for ${brokers.length}`,
    );
  }
  const expected = { partitions: settings.partitions, replicationFactor, minInsyncReplicas };
  const report = (
    created: boolean,
    actual: TopicReport['actual'],
    differences: string[],
  ): TopicReport => ({
    topic,
    brokers: brokers.length,
    created,
    expected,
    actual,
    differences,
    warnings,
  });
  if (!exists) {
    await admin.createTopics({
      // kafkajs's own wait gives up when a broker that has just joined does not know the topic
      // yet (UNKNOWN_TOPIC_OR_PARTITION); leadersElected waits that out.
      waitForLeaders: false,
      topics: [
        {
          topic,
          numPartitions: settings.partitions,
          replicationFactor,
          configEntries: [{ name: 'min.insync.replicas', value: String(minInsyncReplicas) }],
        },
      ],
    });
    await leadersElected(admin, topic, settings.partitions, settings.signal);
    return report(true, { ...expected }, []);
  }
  const metadata = await admin.fetchTopicMetadata({ topics: [topic] });
  const partitions = metadata.topics[0]?.partitions ?? [];
  const actualReplication = Math.min(...partitions.map((p) => p.replicas.length));
  const configs = await admin.describeConfigs({
    includeSynonyms: false,
    resources: [
      { type: ConfigResourceTypes.TOPIC, name: topic, configNames: ['min.insync.replicas'] },
    ],
  });
  const isrValue = configs.resources[0]?.configEntries.find(
    (entry) => entry.configName === 'min.insync.replicas',
  )?.configValue;
  const actual = {
    partitions: partitions.length,
    replicationFactor: partitions.length > 0 ? actualReplication : 0,
    minInsyncReplicas: isrValue === undefined ? null : Number(isrValue),
  };
  const differences: string[] = [];
  for (const key of ['partitions', 'replicationFactor', 'minInsyncReplicas'] as const) {
    if (actual[key] !== expected[key])
      differences.push(`${key} is ${actual[key]}, the settings ask for ${expected[key]}`);
  }
  return report(false, actual, differences);
}
