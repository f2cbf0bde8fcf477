import { NotFoundError } from '@contracts/errors';
import { getRuntime, type Runtime } from '@infra/runtime';
import { claimStreamId } from '@contracts/claims/events';
import type { RecordedEvent } from '@contracts/event-store';
import { verifyStreamChain } from '@projections/audit/hash-chain';
import { verifyEventChains } from '@projections/audit/verify-chains';
import { claimTimeline } from '@services/claims/claim-timeline';
import { readClaimStream } from '@services/claims/claim-stream';
import { apiRoute, json } from '@site/lib/api-route.server';
import { requireStaff } from '@site/lib/guards.server';

export const prerender = false;

/**
 * The chain check of `npm run audit -- verify` for this one stream (hashes, revisions and the
 * stream head, so events cut off its end show). EventStoreDB keeps no heads of ours: there
 * the events read are checked link by link.
 */
async function verifyClaimChain(
  runtime: Runtime,
  submissionId: string,
  recorded: readonly RecordedEvent[],
) {
  if (!runtime.config.EVENTSTORE_URL) {
    return verifyEventChains(runtime.pool, { streamId: claimStreamId(submissionId) });
  }
  return verifyStreamChain(
    recorded.map((event) => ({ ...event, eventId: event.metadata.eventId })),
  );
}

/**
 * A claim's event timeline for the staff UI, oldest first: each event with who, when, and
 * which fields it changed from what to what (what `npm run audit -- claim` prints), and
 * whether the stream's hash chain still verifies.
 */
export const GET = apiRoute(async ({ locals, params }) => {
  requireStaff(locals);
  const runtime = await getRuntime();
  const submissionId = params.submissionId ?? '';
  const { recorded } = await readClaimStream(runtime.eventStore, submissionId);
  if (recorded.length === 0) throw new NotFoundError(`Claim ${submissionId} not found`);
  const chain = await verifyClaimChain(runtime, submissionId, recorded);
  return json({
    submissionId,
    chain: chain.ok
      ? { verified: true, events: chain.events }
      : {
          verified: false,
          events: chain.events,
          brokenAtVersion: Number(chain.broken.streamRevision) + 1,
          reason: chain.broken.reason,
        },
    events: claimTimeline(recorded).map(({ revision, type, occurredAt, actor, changes }) => ({
      version: Number(revision) + 1,
      type,
      occurredAt,
      actor: { kind: actor.kind, id: actor.id, ...(actor.email ? { email: actor.email } : {}) },
      changes,
    })),
  });
});
