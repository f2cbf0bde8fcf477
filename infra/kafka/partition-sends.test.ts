import { describe, expect, it } from 'vitest';
import { messagesByPartition, partitionsOf } from './partition-sends';

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

describe('messagesByPartition (decision 150)', () => {
  it("keeps each partition's messages in the batch's order, on the partitions partitionsOf gives", () => {
    const messages = ['claim-1', 'claim-2', 'claim-1', 'claim-3', 'claim-1'].map((key, i) => ({
      key,
      value: `${key} #${i}`,
    }));
    const groups = messagesByPartition('claims.claim-events', 6, messages);
    expect(new Set(groups.keys())).toEqual(partitionsOf('claims.claim-events', 6, messages));
    const ofClaim1 = [...groups.values()].find((group) => group[0]?.key === 'claim-1');
    expect(ofClaim1?.map((m) => m.value)).toEqual(['claim-1 #0', 'claim-1 #2', 'claim-1 #4']);
    expect([...groups.values()].flat()).toHaveLength(messages.length);
  });
});
