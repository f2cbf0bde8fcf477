import { describe, expect, it } from 'vitest';
import { configuredBrokerCount, expectedReplication } from './relay-topic';

describe('configuredBrokerCount', () => {
  it('counts each address KAFKA_BROKERS names once, however it is spaced', () => {
    expect(configuredBrokerCount('127.0.0.1:9092')).toBe(1);
    expect(configuredBrokerCount('kafka-1:9092, kafka-2:9092,kafka-3:9092')).toBe(3);
    expect(configuredBrokerCount('kafka-1:9092,kafka-1:9092 , ,kafka-2:9092,')).toBe(2);
  });
});

describe('expectedReplication', () => {
  it('replicates three times on three brokers, once with a warning below that', () => {
    expect(expectedReplication({ partitions: 6 }, 3)).toEqual({
      replicationFactor: 3,
      minInsyncReplicas: 2,
      warnings: [],
    });
    const small = expectedReplication({ partitions: 6 }, 2);
    expect([small.replicationFactor, small.minInsyncReplicas]).toEqual([1, 1]);
    expect(small.warnings.join()).toMatch(/replication factor 1 on a cluster of 2 broker/);
  });

  it('keeps a factor asked for, and says when the cluster is too small for it', () => {
    const asked = expectedReplication({ partitions: 6, replicationFactor: 3 }, 2);
    expect(asked.replicationFactor).toBe(3);
    expect(asked.warnings.join()).toMatch(/needs 3 brokers; the cluster has 2/);
  });
});
