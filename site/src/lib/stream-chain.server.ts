import type { RecordedEvent } from '@contracts/event-store';
import { auditKeysFor } from '@infra/audit/audit-keys';
import type { Runtime } from '@infra/runtime';
import {
  type HeadCheck,
  streamAgainstCheckpoint,
} from '@projections/audit/head-against-checkpoint';
import { verifyStreamChain } from '@projections/audit/hash-chain';
import { verifyEventChains } from '@projections/audit/verify-chains';

/** A stream's chain as the Audit tab shows it: sound, or the first broken link and why. */
export type StreamChainView =
  | { readonly verified: true; readonly events: number }
  | {
      readonly verified: false;
      readonly events: number;
      /** 1-based, as versions and views are counted on screen. */
      readonly brokenAt: number;
      readonly reason: 'hash' | 'revision' | 'head';
    };

/**
 * The check of `npm run audit -- verify` for one stream (hashes, revisions, stream head).
 * EventStoreDB keeps no heads of ours: there the events read are checked link by link.
 */
export async function verifyOneStream(
  runtime: Runtime,
  streamId: string,
  recorded: readonly RecordedEvent[],
): Promise<StreamChainView> {
  const report = runtime.config.EVENTSTORE_URL
    ? verifyStreamChain(recorded.map((event) => ({ ...event, eventId: event.metadata.eventId })))
    : await verifyEventChains(runtime.pool, { streamId });
  if (report.ok) return { verified: true, events: report.events };
  return {
    verified: false,
    events: report.events,
    brokenAt: Number(report.broken.streamRevision) + 1,
    reason: report.broken.reason,
  };
}

/** The stream's live head and the newest signed checkpoint's verdict on it (decision 130). */
export interface StreamAnchorView {
  /** In full, so it can be compared with an export's `head.lastHash`; null with EventStoreDB. */
  readonly head: { readonly version: number; readonly hash: string } | null;
  readonly checkpoint: HeadCheck;
}

export async function anchorOfStream(
  runtime: Runtime,
  streamId: string,
): Promise<StreamAnchorView> {
  if (runtime.config.EVENTSTORE_URL) return { head: null, checkpoint: { state: 'none' } };
  const { rows } = await runtime.pool.query<{ revision: string; last_hash: string }>(
    'select revision, last_hash from event_streams where stream_id = $1',
    [streamId],
  );
  const row = rows[0];
  const keys = await auditKeysFor(runtime.config);
  return {
    head: row ? { version: Number(row.revision) + 1, hash: row.last_hash } : null,
    checkpoint: await streamAgainstCheckpoint(runtime.pool, streamId, keys.verifying),
  };
}
