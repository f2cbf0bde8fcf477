import { describe, expect, it } from 'vitest';
import { chainHash } from '@contracts/event-hash';
import type { EventMetadata } from '@contracts/event-store';
import {
  type ChainTip,
  checkHead,
  checkLink,
  formatChainReport,
  type StoredLink,
  verifyStreamChain,
} from './hash-chain';

const metadata: EventMetadata = {
  eventId: 'e0',
  occurredAt: '2026-11-22T10:00:00.000Z',
  actor: { kind: 'system', id: 'test' },
  correlationId: 'c',
  causationId: 'c',
  tenant: 'base',
  schemaVersion: 1,
};

function stream(streamId: string, count: number): StoredLink[] {
  let hash = '';
  return Array.from({ length: count }, (_, index) => {
    const revision = BigInt(index);
    const event = {
      type: 'Thing',
      data: { n: index },
      metadata: { ...metadata, eventId: `e${index}` },
    };
    hash = chainHash(hash, streamId, revision, event);
    return { streamId, streamRevision: revision, eventId: `e${index}`, ...event, hash };
  });
}

function walk(links: readonly StoredLink[]) {
  let tip: ChainTip | undefined;
  for (const link of links) {
    const checked = checkLink(tip, link);
    if (checked.broken) return checked.broken;
    tip = checked.tip;
  }
  return tip;
}

describe('hash chain', () => {
  it('accepts untouched streams, each chaining from the empty hash', () => {
    const tip = walk([...stream('a', 3), ...stream('b', 2)]);
    expect(tip).toMatchObject({ streamId: 'b', revision: 1n, eventId: 'e1' });
  });

  it('names the first event whose data no longer gives its stored hash', () => {
    const links = stream('a', 3);
    const tampered = links.map((l, i) => (i === 1 ? { ...l, data: { n: 99 } } : l));
    expect(walk(tampered)).toMatchObject({
      reason: 'hash',
      streamId: 'a',
      streamRevision: 1n,
      eventId: 'e1',
      stored: links[1]?.hash,
    });
  });

  it('finds a missing event in the middle and one cut off the end', () => {
    const links = stream('a', 3);
    expect(walk([links[0], links[2]] as StoredLink[])).toMatchObject({
      reason: 'revision',
      streamRevision: 2n,
    });
    const tip = walk(links.slice(0, 2)) as ChainTip;
    const head = { revision: 2n, lastHash: links[2]?.hash ?? '' };
    expect(checkHead(tip, head)).toMatchObject({ reason: 'head', streamRevision: 1n });
    expect(checkHead(walk(links) as ChainTip, head)).toBeUndefined();
  });

  it('verifies one stream alone, and says how many events were sound before a break', () => {
    const links = stream('a', 4);
    expect(verifyStreamChain(links)).toEqual({ ok: true, events: 4 });
    const tampered = links.map((l, i) => (i === 2 ? { ...l, type: 'Other' } : l));
    expect(verifyStreamChain(tampered)).toMatchObject({
      ok: false,
      events: 2,
      broken: { reason: 'hash', streamRevision: 2n },
    });
  });

  it('reports in a few lines', () => {
    expect(formatChainReport({ ok: true, streams: 2, events: 5 })).toBe('ok: 2 streams, 5 events');
    const broken = walk(stream('a', 1).map((l) => ({ ...l, hash: 'x' })));
    const text = formatChainReport({ ok: false, streams: 1, events: 0, broken: broken as never });
    expect(text).toContain('stream:   a');
    expect(text).toContain('event id: e0');
    expect(text).toContain('stored:   x');
  });

  it('reports a break line by line: the reason, the stream, the version counted from 1, both hashes', () => {
    const text = formatChainReport({
      ok: false,
      streams: 1,
      events: 3,
      broken: {
        reason: 'revision',
        streamId: 's',
        streamRevision: 4n,
        eventId: 'e4',
        stored: 'a1',
        computed: 'b2',
      },
    });
    expect(text.split('\n')).toEqual([
      'broken: revision out of sequence',
      '  stream:   s',
      '  version:  5 (stream revision 4)',
      '  event id: e4',
      '  stored:   a1',
      '  computed: b2',
      '  (3 events checked sound before it)',
    ]);
  });

  it('wants the recorded head at the walked tip: the same revision and the same hash, or none at all', () => {
    const tip: ChainTip = { streamId: 's', revision: 2n, eventId: 'e2', hash: 'h2' };
    expect(checkHead(tip, { revision: 2n, lastHash: 'h2' })).toBeUndefined();
    expect(checkHead(tip, { revision: 3n, lastHash: 'h2' })).toMatchObject({
      reason: 'head',
      stored: 'h2 at revision 3',
      computed: 'h2',
    });
    expect(checkHead(tip, { revision: 2n, lastHash: 'h9' })).toMatchObject({
      stored: 'h9 at revision 2',
    });
    expect(checkHead(tip, undefined)).toEqual({
      reason: 'head',
      streamId: 's',
      streamRevision: 2n,
      eventId: 'e2',
      stored: 'no stream head',
      computed: 'h2',
    });
  });
});
