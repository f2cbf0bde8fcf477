import { NotFoundError } from '@contracts/errors';
import { getRuntime } from '@infra/runtime';
import { claimStreamId } from '@contracts/claims/events';
import { claimTimeline } from '@services/claims/claim-timeline';
import { readClaimStream } from '@services/claims/claim-stream';
import { apiRoute, json } from '@site/lib/api-route.server';
import { requireStaff } from '@site/lib/guards.server';
import { anchorOfStream, verifyOneStream } from '@site/lib/stream-chain.server';

export const prerender = false;

/**
 * A claim's event timeline for the staff UI, oldest first: each event with who, when, and
 * which fields it changed from what to what (what `npm run audit -- claim` prints), and
 * whether the stream's hash chain still verifies; the live head in full and whether it
 * matches the newest signed checkpoint (decision 130).
 */
export const GET = apiRoute(async ({ locals, params }) => {
  requireStaff(locals);
  const runtime = await getRuntime();
  const submissionId = params.submissionId ?? '';
  const { recorded } = await readClaimStream(runtime.eventStore, submissionId);
  if (recorded.length === 0) throw new NotFoundError(`Claim ${submissionId} not found`);
  const chain = await verifyOneStream(runtime, claimStreamId(submissionId), recorded);
  const { head, checkpoint } = await anchorOfStream(runtime, claimStreamId(submissionId));
  return json({
    submissionId,
    head,
    checkpoint,
    chain: chain.verified
      ? chain
      : {
          verified: false,
          events: chain.events,
          brokenAtVersion: chain.brokenAt,
          reason: chain.reason,
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
