import { describe, expect, it } from 'vitest';
import { partitionsOf } from './partition-sends';

describe('partitionsOf (decisions 098, 099)', () => {
  it("gives each partition kafkajs's default partitioner puts the keys on, once", () => {
    const messages = ['claim-1', 'claim-2', 'claim-1', 'claim-3', 'claim-1'].map((key, i) => ({
      key,
      value: `${key} #${i}`,
    }));
    // The partitions an unpartitioned send gave these keys: existing topics keep each
    // claim's events on the partition that already holds its earlier ones.
    expect([...partitionsOf('claims.claim-events', 6, messages)].sort()).toEqual([0, 4, 5]);
    expect([...partitionsOf('claims.claim-events', 6, messages.slice(0, 1))]).toEqual([5]);
  });

  it('follows the partition count of the topic', () => {
    const messages = [{ key: 'claim-1', value: 'x' }];
    expect([...partitionsOf('t', 1, messages)]).toEqual([0]);
    expect([...partitionsOf('t', 12, messages)][0]).toBeLessThan(12);
  });
});
