import { CLAIM_EVENT_TYPES, isClaimEvent } from '@contracts/claims/events';
import type { Projection } from '../runner/projection';
import { claimsBegunEarlier, foldBatch, groupByClaim, loadClaimRows } from './claim-batch';
import { encodedVersionRows } from './claim-versions';
import { applyLiveBatch, applyLiveBatchMovingCheckpoint } from './live-batch';
import { claimsReplayFold } from './replay-fold';
import { countClaimsByStatus } from './status-counts';
import { writeReplayed } from './write-replayed';

export const CLAIMS_PROJECTION = 'claims';

/**
 * One row per claim, its current state (customer dashboard, staff search), one row per
 * version of it (Claims History), and the count of claims per status (staff dashboard),
 * written in the same transaction.
 *
 * A batch is folded in memory, claim by claim, and written with a few statements whatever
 * its size (COPY for new rows): a rebuild of millions of events is not bound by round trips.
 */
export const claimsProjection: Projection = {
  name: CLAIMS_PROJECTION,
  // By type, not stream prefix: `claim-number-…` reservation streams share the `claim-` prefix.
  handles: isClaimEvent,
  eventTypes: [...CLAIM_EVENT_TYPES],
  // upcastClaimEvent reads schemaVersion; a version row, actor and occurredAt.
  metadataKeys: ['actor', 'occurredAt', 'schemaVersion'],
  streamsAreIndependent: true,
  async apply(client, events, how) {
    const byClaim = groupByClaim(events);
    if (!how?.replayFromStart) return applyLiveBatch(client, byClaim);
    const stored = await loadClaimRows(client, claimsBegunEarlier(byClaim));
    await writeReplayed(client, foldBatch(byClaim, stored), encodedVersionRows(), how);
  },
  replayFold: claimsReplayFold,
  async deriveAfterReplay(client) {
    await countClaimsByStatus(client);
  },
  applyMovingCheckpoint(client, events, move) {
    return applyLiveBatchMovingCheckpoint(client, groupByClaim(events), move);
  },
};
