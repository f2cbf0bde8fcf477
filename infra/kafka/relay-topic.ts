import kafkajs, { type Admin } from 'kafkajs';

// kafkajs is CommonJS: Node's ESM loader finds this enum only on the default export.
const { ConfigResourceTypes } = kafkajs;

export interface TopicSettings {
  readonly partitions: number;
  /** Unset: 3 on a cluster of 3 brokers or more, else 1 (with a warning). */
  readonly replicationFactor?: number;
  /** Unset: 2 on a cluster of 3 brokers or more, else 1. */
  readonly minInsyncReplicas?: number;
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
  const { brokers } = await admin.describeCluster();
  const { replicationFactor, minInsyncReplicas, warnings } = expectedReplication(
    settings,
    brokers.length,
  );
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
  if (!(await admin.listTopics()).includes(topic)) {
    await admin.createTopics({
      waitForLeaders: true,
      topics: [
        {
          topic,
          numPartitions: settings.partitions,
          replicationFactor,
          configEntries: [{ name: 'min.insync.replicas', value: String(minInsyncReplicas) }],
        },
      ],
    });
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
