import { describe, expect, it } from 'vitest';
import { messagesByPartition } from './partition-sends';

describe('messagesByPartition (decisions 098, 099)', () => {
  it("puts each key on the partition kafkajs's default partitioner gives it, in order, and writes it on the message", () => {
    const messages = ['claim-1', 'claim-2', 'claim-1', 'claim-3', 'claim-1'].map((key, i) => ({
      key,
      value: `${key} #${i}`,
    }));
    const groups = messagesByPartition('claims.claim-events', 6, messages);
    // The partitions an unpartitioned send gave these keys: existing topics keep each
    // claim's events on the partition that already holds its earlier ones.
    expect(Object.fromEntries(groups)).toEqual({
      5: [
        { key: 'claim-1', value: 'claim-1 #0', partition: 5 },
        { key: 'claim-1', value: 'claim-1 #2', partition: 5 },
        { key: 'claim-1', value: 'claim-1 #4', partition: 5 },
      ],
      4: [{ key: 'claim-2', value: 'claim-2 #1', partition: 4 }],
      0: [{ key: 'claim-3', value: 'claim-3 #3', partition: 0 }],
    });
  });

  it('follows the partition count of the topic', () => {
    const messages = [{ key: 'claim-1', value: 'x' }];
    expect([...messagesByPartition('t', 1, messages).keys()]).toEqual([0]);
    expect([...messagesByPartition('t', 12, messages).keys()][0]).toBeLessThan(12);
  });
});
