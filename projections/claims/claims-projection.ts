import { CLAIM_EVENT_TYPES, isClaimEvent } from '@contracts/claims/events';
import type { Projection } from '../runner/projection';
import {
  claimsBegunEarlier,
  foldClaim,
  groupByClaim,
  loadClaimRows,
  updateClaimRows,
} from './claim-batch';
import { CLAIM_COLUMNS, type ClaimRow } from './claim-rows';
import { type ClaimVersionRow, VERSION_COLUMNS } from './claim-versions';
import { copyRows } from '../runner/copy-rows';
import { applyLiveBatch } from './live-batch';
import { addStatusChange, applyStatusDeltas, type StatusDeltas } from './status-counts';

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
  streamsAreIndependent: true,
  async apply(client, events, how) {
    const byClaim = groupByClaim(events);
    if (!how?.replayFromStart) return applyLiveBatch(client, byClaim);
    const stored = await loadClaimRows(client, claimsBegunEarlier(byClaim));
    const created: ClaimRow[] = [];
    const changed: ClaimRow[] = [];
    const versions: ClaimVersionRow[] = [];
    const statusDeltas: StatusDeltas = new Map();
    for (const [submissionId, claimEvents] of byClaim) {
      const before = stored.get(submissionId) ?? null;
      const folded = foldClaim(before, claimEvents);
      versions.push(...folded.versions);
      if (folded.row && folded.row !== before) {
        (before ? changed : created).push(folded.row);
        addStatusChange(statusDeltas, before?.status, folded.row.status);
      }
    }
    // The runner holds the checkpoint row, so no one else writes these claims meanwhile:
    // a claim without a row, and a version above the row's, are certainly new.
    await copyRows(client, 'claims', CLAIM_COLUMNS, created);
    await updateClaimRows(client, changed);
    await copyRows(client, 'claim_versions', VERSION_COLUMNS, versions);
    await applyStatusDeltas(client, statusDeltas);
  },
};
