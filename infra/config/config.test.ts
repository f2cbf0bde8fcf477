import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('IDENTITY_ADDRESS_LIMIT_FACTOR', () => {
  it('is 1 unless set (an empty value counts as unset, as for every setting)', () => {
    expect(parseConfig({}).IDENTITY_ADDRESS_LIMIT_FACTOR).toBe(1);
    expect(parseConfig({ IDENTITY_ADDRESS_LIMIT_FACTOR: '' }).IDENTITY_ADDRESS_LIMIT_FACTOR).toBe(
      1,
    );
    expect(parseConfig({ IDENTITY_ADDRESS_LIMIT_FACTOR: '20' }).IDENTITY_ADDRESS_LIMIT_FACTOR).toBe(
      20,
    );
  });

  it('refuses zero, fractions and words, naming the variable', () => {
    for (const value of ['0', '1.5', 'many', '-3']) {
      expect(() => parseConfig({ IDENTITY_ADDRESS_LIMIT_FACTOR: value })).toThrow(ConfigError);
      expect(() => parseConfig({ IDENTITY_ADDRESS_LIMIT_FACTOR: value })).toThrow(
        /IDENTITY_ADDRESS_LIMIT_FACTOR/,
      );
    }
  });
});

describe('KAFKA_BROKERS', () => {
  it('is unset by default (no relay, no consumer), with the topic and group defaults', () => {
    const config = parseConfig({});
    expect(config.KAFKA_BROKERS).toBeUndefined();
    expect(config.KAFKA_TOPIC).toBe('claims.claim-events');
    expect(config.KAFKA_TOPIC_PARTITIONS).toBe(6);
    expect(config.KAFKA_NOTIFICATIONS).toBe('on');
  });

  it('takes one or several host:port', () => {
    expect(parseConfig({ KAFKA_BROKERS: '127.0.0.1:9092' }).KAFKA_BROKERS).toBe('127.0.0.1:9092');
    expect(parseConfig({ KAFKA_BROKERS: 'kafka-1:9092,kafka-2:9092' }).KAFKA_BROKERS).toBe(
      'kafka-1:9092,kafka-2:9092',
    );
  });

  it('refuses a value without a port, naming the variable', () => {
    expect(() => parseConfig({ KAFKA_BROKERS: 'kafka' })).toThrow(/KAFKA_BROKERS="kafka"/);
    expect(() => parseConfig({ KAFKA_TOPIC: 'no spaces' })).toThrow(/KAFKA_TOPIC=/);
  });

  it('leaves replication to the cluster size unless set, and refuses more in-sync replicas than replicas', () => {
    expect(parseConfig({}).KAFKA_REPLICATION_FACTOR).toBeUndefined();
    expect(parseConfig({}).KAFKA_MIN_INSYNC_REPLICAS).toBeUndefined();
    const set = parseConfig({ KAFKA_REPLICATION_FACTOR: '3', KAFKA_MIN_INSYNC_REPLICAS: '2' });
    expect([set.KAFKA_REPLICATION_FACTOR, set.KAFKA_MIN_INSYNC_REPLICAS]).toEqual([3, 2]);
    expect(() =>
      parseConfig({ KAFKA_REPLICATION_FACTOR: '2', KAFKA_MIN_INSYNC_REPLICAS: '3' }),
    ).toThrow(/KAFKA_MIN_INSYNC_REPLICAS="3": must not exceed KAFKA_REPLICATION_FACTOR/);
    expect(() => parseConfig({ KAFKA_REPLICATION_FACTOR: '0' })).toThrow(
      /KAFKA_REPLICATION_FACTOR=/,
    );
  });
});
