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

describe('METRICS_PORT, METRICS_HOST and METRICS_TOKEN', () => {
  it('serve no metrics unless a port is set; loopback by default', () => {
    expect(parseConfig({}).METRICS_PORT).toBeUndefined();
    const set = parseConfig({ METRICS_PORT: '9464' });
    expect([set.METRICS_PORT, set.METRICS_HOST, set.METRICS_TOKEN]).toEqual([
      9464,
      '127.0.0.1',
      undefined,
    ]);
  });

  it('refuse the site’s own port, and an address beyond loopback without a token', () => {
    expect(() => parseConfig({ PORT: '4321', METRICS_PORT: '4321' })).toThrow(
      /METRICS_PORT="4321": must differ from PORT/,
    );
    expect(() => parseConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(
      /METRICS_TOKEN="": is required when METRICS_HOST is not a loopback address/,
    );
    const token = 'a-token-of-at-least-16';
    expect(
      parseConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token })
        .METRICS_TOKEN,
    ).toBe(token);
    // Too short, and named without being shown.
    expect(() => parseConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(
      /METRICS_TOKEN=\[redacted\]: must be at least 16 characters/,
    );
    expect(() => parseConfig({ METRICS_TOKEN: 'short-secret' })).not.toThrow(/short-secret/);
  });
});
