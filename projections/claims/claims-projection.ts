import { CLAIM_EVENT_TYPES, isClaimEvent, upcastClaimEvent } from '@contracts/claims/events';
import type { RecordedEvent } from '@contracts/event-store';
import type { Projection } from '../runner/projection';
import type { SqlClient } from '../runner/sql';
import { CLAIM_COLUMNS, type ClaimRow, evolveClaimRow } from './claim-rows';
import { type ClaimVersionRow, VERSION_COLUMNS, versionRow } from './claim-versions';
import { copyRows } from '../runner/copy-rows';
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
    const stored = await loadClaimRows(
      client,
      how?.replayFromStart ? claimsBegunEarlier(byClaim) : [...byClaim.keys()],
    );
    const created: ClaimRow[] = [];
    const changed: ClaimRow[] = [];
    const versions: ClaimVersionRow[] = [];
    const statusDeltas: StatusDeltas = new Map();
    for (const [submissionId, claimEvents] of byClaim) {
      const before = stored.get(submissionId) ?? null;
      let row = before;
      for (const recorded of claimEvents) {
        const version = Number(recorded.streamRevision) + 1;
        // Each event applies once: one at or below the row's version is already in it.
        if (row && row.version >= version) continue;
        const next = evolveClaimRow(row, upcastClaimEvent(recorded), version);
        if (next === row || !next) continue;
        row = next;
        versions.push(versionRow(row, recorded));
      }
      if (row && row !== before) {
        (before ? changed : created).push(row);
        addStatusChange(statusDeltas, before?.status, row.status);
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

function groupByClaim(events: readonly RecordedEvent[]): Map<string, RecordedEvent[]> {
  const byClaim = new Map<string, RecordedEvent[]>();
  for (const recorded of events) {
    const { submissionId } = recorded.data as { submissionId: string };
    const list = byClaim.get(submissionId);
    if (list) list.push(recorded);
    else byClaim.set(submissionId, [recorded]);
  }
  return byClaim;
}

/**
 * In a replay from the start, claims whose first event here is not their stream's first:
 * only they can have a row already. That is the few claims a batch boundary cuts, so most
 * rebuild batches look nothing up.
 */
function claimsBegunEarlier(byClaim: ReadonlyMap<string, readonly RecordedEvent[]>): string[] {
  const ids: string[] = [];
  for (const [submissionId, claimEvents] of byClaim)
    if ((claimEvents[0]?.streamRevision ?? 0n) > 0n) ids.push(submissionId);
  return ids;
}

async function loadClaimRows(
  client: SqlClient,
  submissionIds: readonly string[],
): Promise<Map<string, ClaimRow>> {
  if (submissionIds.length === 0) return new Map();
  const { rows } = await client.query<{ row: ClaimRow }>(
    'select row_to_json(c) as row from claims c where submission_id = any($1::uuid[])',
    [submissionIds],
  );
  return new Map(rows.map(({ row }) => [row.submission_id, row]));
}

/** Whole rows; a row already at or past the folded version keeps what it has. */
async function updateClaimRows(client: SqlClient, rows: readonly ClaimRow[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = CLAIM_COLUMNS.join(', ');
  await client.query(
    `update claims set (${columns}) = (${CLAIM_COLUMNS.map((c) => `changed.${c}`).join(', ')})
     from json_populate_recordset(null::claims, $1::json) as changed
     where claims.submission_id = changed.submission_id and claims.version < changed.version`,
    [JSON.stringify(rows)],
  );
}
