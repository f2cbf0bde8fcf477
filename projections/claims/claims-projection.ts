import { CLAIM_EVENT_TYPES, isClaimEvent } from '@contracts/claims/events';
import type { Projection } from '../runner/projection';
import {
  claimsBegunEarlier,
  foldBatch,
  groupByClaim,
  loadClaimRows,
  updateClaimRows,
} from './claim-batch';
import { CLAIM_COLUMNS } from './claim-rows';
import { VERSION_COLUMNS } from './claim-versions';
import { copyRows } from '../runner/copy-rows';
import { applyLiveBatch, applyLiveBatchMovingCheckpoint } from './live-batch';
import { addStatusChange, applyStatusDeltas, countClaimsByStatus } from './status-counts';

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
    const { fresh, changed, changedDeltas: statusDeltas } = foldBatch(byClaim, stored);
    // The runner holds the checkpoint row, so no one else writes these claims meanwhile:
    // a claim without a row, and a version above the row's, are certainly new.
    await copyRows(client, 'claims', CLAIM_COLUMNS, fresh.rows);
    await updateClaimRows(client, changed.rows);
    await copyRows(client, 'claim_versions', VERSION_COLUMNS, [
      ...fresh.versions,
      ...changed.versions,
    ]);
    if (how.derivedLater) return;
    for (const row of fresh.rows) addStatusChange(statusDeltas, undefined, row.status);
    await applyStatusDeltas(client, statusDeltas);
  },
  async deriveAfterReplay(client) {
    await countClaimsByStatus(client);
  },
  applyMovingCheckpoint(client, events, move) {
    return applyLiveBatchMovingCheckpoint(client, groupByClaim(events), move);
  },
};
