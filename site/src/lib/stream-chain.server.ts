import type { RecordedEvent } from '@contracts/event-store';
import type { Runtime } from '@infra/runtime';
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
