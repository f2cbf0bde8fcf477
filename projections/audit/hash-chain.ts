import { chainHash } from '@contracts/event-hash';
import type { EventMetadata } from '@contracts/event-store';

/** An event as stored, hash included. */
export interface StoredLink {
  readonly streamId: string;
  readonly streamRevision: bigint;
  readonly eventId: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  readonly hash: string;
}

/** The last event checked, and so the hash the next event of its stream chains from. */
export interface ChainTip {
  readonly streamId: string;
  readonly revision: bigint;
  readonly eventId: string;
  readonly hash: string;
}

/**
 * `hash`: the stored hash is not the one the event and its predecessor give; `revision`:
 * the stream skips or repeats a revision; `head`: the stream's recorded last revision and
 * hash (event_streams) are not those of its last event, as when events were cut off its end.
 */
export interface BrokenLink {
  readonly reason: 'hash' | 'revision' | 'head';
  readonly streamId: string;
  readonly streamRevision: bigint;
  readonly eventId: string;
  readonly stored: string;
  readonly computed: string;
}

export type ChainReport =
  | { readonly ok: true; readonly streams: number; readonly events: number }
  | {
      readonly ok: false;
      readonly streams: number;
      readonly events: number;
      readonly broken: BrokenLink;
    };

/** Checks one event against the tip of the walk; events come stream by stream, in revision order. */
export function checkLink(
  tip: ChainTip | undefined,
  link: StoredLink,
): { readonly tip: ChainTip; readonly broken?: BrokenLink } {
  const sameStream = tip?.streamId === link.streamId;
  const previousHash = sameStream ? tip.hash : '';
  const expectedRevision = sameStream ? tip.revision + 1n : 0n;
  const computed = chainHash(previousHash, link.streamId, link.streamRevision, {
    type: link.type,
    data: link.data,
    metadata: link.metadata,
  });
  const next = {
    streamId: link.streamId,
    revision: link.streamRevision,
    eventId: link.eventId,
    hash: link.hash,
  };
  const at = {
    streamId: link.streamId,
    streamRevision: link.streamRevision,
    eventId: link.eventId,
  };
  if (link.streamRevision !== expectedRevision) {
    return { tip: next, broken: { reason: 'revision', ...at, stored: link.hash, computed } };
  }
  if (computed !== link.hash) {
    return { tip: next, broken: { reason: 'hash', ...at, stored: link.hash, computed } };
  }
  return { tip: next };
}

/** What a stream records as its last event (event_streams, or an export's `head`). */
export interface StreamHead {
  readonly revision: bigint;
  readonly lastHash: string;
}

/** Checks that a walked stream ends where its recorded head says. */
export function checkHead(tip: ChainTip, head: StreamHead | undefined): BrokenLink | undefined {
  if (head && head.revision === tip.revision && head.lastHash === tip.hash) return undefined;
  return {
    reason: 'head',
    streamId: tip.streamId,
    streamRevision: tip.revision,
    eventId: tip.eventId,
    stored: head ? `${head.lastHash} at revision ${head.revision}` : 'no stream head',
    computed: tip.hash,
  };
}

export interface ChainWalk {
  /** The next event (streams one after another, each in revision order) with its stream's head. */
  step(link: StoredLink, head: StreamHead | undefined): BrokenLink | undefined;
  /** After the last event: does the last stream end at its head? */
  end(): BrokenLink | undefined;
  /** Streams entered and events found sound so far. */
  readonly counts: { readonly streams: number; readonly events: number };
}

/**
 * The one verification (decision 058): hashes, revisions without gaps from 0, and each
 * stream ending at its recorded head. `npm run audit -- verify`, the Audit tab and
 * `verify-export` all feed their events through it, from Postgres or from an export file.
 */
export function chainWalk(): ChainWalk {
  let tip: ChainTip | undefined;
  let tipHead: StreamHead | undefined;
  const counts = { streams: 0, events: 0 };
  return {
    step(link, head) {
      if (tip && tip.streamId !== link.streamId) {
        const broken = checkHead(tip, tipHead);
        if (broken) return broken;
      }
      if (tip?.streamId !== link.streamId) counts.streams += 1;
      const checked = checkLink(tip, link);
      if (checked.broken) return checked.broken;
      tip = checked.tip;
      tipHead = head;
      counts.events += 1;
      return undefined;
    },
    end: () => tip && checkHead(tip, tipHead),
    counts,
  };
}

const REASON_TEXT = {
  hash: 'hash does not match',
  revision: 'revision out of sequence',
  head: 'stream head does not match its last event',
} as const;

export function formatChainReport(report: ChainReport): string {
  if (report.ok) return `ok: ${report.streams} streams, ${report.events} events`;
  const { broken } = report;
  return [
    `broken: ${REASON_TEXT[broken.reason]}`,
    `  stream:   ${broken.streamId}`,
    `  version:  ${broken.streamRevision + 1n} (stream revision ${broken.streamRevision})`,
    `  event id: ${broken.eventId}`,
    `  stored:   ${broken.stored}`,
    `  computed: ${broken.computed}`,
    `  (${report.events} events checked sound before it)`,
  ].join('\n');
}

export type StreamChainReport =
  | { readonly ok: true; readonly events: number }
  | { readonly ok: false; readonly events: number; readonly broken: BrokenLink };

/** Checks one stream's events, read in revision order, link by link (the staff Audit tab). */
export function verifyStreamChain(links: readonly StoredLink[]): StreamChainReport {
  let tip: ChainTip | undefined;
  for (const [index, link] of links.entries()) {
    const checked = checkLink(tip, link);
    if (checked.broken) return { ok: false, events: index, broken: checked.broken };
    tip = checked.tip;
  }
  return { ok: true, events: links.length };
}
