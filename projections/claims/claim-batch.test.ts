import type { RecordedEvent } from '@contracts/event-store';
import { describe, expect, it } from 'vitest';
import { groupByClaim } from './claim-batch';

const event = (submissionId: string, revision: number): RecordedEvent => ({
  streamId: `claim-${submissionId}`,
  streamRevision: BigInt(revision),
  position: { commit: 1n, prepare: BigInt(revision) },
  type: 'ClaimAmended',
  data: { submissionId },
  metadata: {} as RecordedEvent['metadata'],
  hash: '',
});

describe('groupByClaim', () => {
  it('keeps each claim’s events in log order, claims in order of first appearance, runs or not', () => {
    const a0 = event('a', 0);
    const a1 = event('a', 1);
    const b0 = event('b', 0);
    const a2 = event('a', 2);
    const c0 = event('c', 0);
    const b1 = event('b', 1);
    const grouped = groupByClaim([a0, a1, b0, a2, c0, b1]);
    expect([...grouped.keys()]).toEqual(['a', 'b', 'c']);
    expect(grouped.get('a')).toEqual([a0, a1, a2]);
    expect(grouped.get('b')).toEqual([b0, b1]);
    expect(grouped.get('c')).toEqual([c0]);
  });
});
