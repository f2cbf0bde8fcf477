import { upcastClaimEvent } from '@contracts/claims/events';
import type { RecordedEvent } from '@contracts/event-store';
import type { SqlClient } from '../runner/sql';
import { CLAIM_COLUMNS, type ClaimRow, evolveClaimRow } from './claim-rows';
import { type ClaimVersionRow, versionRow } from './claim-versions';
import { addStatusChange, type StatusDeltas } from './status-counts';

/** A claim's row after its events here, and a version row for each event that changed it. */
function foldClaim(
  before: ClaimRow | null,
  claimEvents: readonly RecordedEvent[],
): { row: ClaimRow | null; versions: ClaimVersionRow[] } {
  let row = before;
  const versions: ClaimVersionRow[] = [];
  const pushVersion = (version: ClaimVersionRow) => void versions.push(version);
  for (const recorded of claimEvents) row = foldEvent(row, recorded, pushVersion);
  return { row, versions };
}

/** A claim's row after one more of its events; its version row handed over if it moved. */
export function foldEvent(
  row: ClaimRow | null,
  recorded: RecordedEvent,
  onVersion: (version: ClaimVersionRow) => void,
): ClaimRow | null {
  const version = Number(recorded.streamRevision) + 1;
  // Each event applies once: one at or below the row's version is already in it.
  if (row && row.version >= version) return row;
  const next = evolveClaimRow(row, upcastClaimEvent(recorded), version);
  if (next === row || !next) return row;
  onVersion(versionRow(next, recorded));
  return next;
}

export function groupByClaim(events: readonly RecordedEvent[]): Map<string, RecordedEvent[]> {
  const byClaim = new Map<string, RecordedEvent[]>();
  // A claim's events mostly come one after another (its stream's appends), so the list of
  // the event before is tried first: a rebuild skips most of a million map lookups.
  let lastId: string | undefined;
  let lastList: RecordedEvent[] = [];
  for (const recorded of events) {
    const { submissionId } = recorded.data as { submissionId: string };
    if (submissionId !== lastId) {
      lastId = submissionId;
      let list = byClaim.get(submissionId);
      if (!list) {
        list = [];
        byClaim.set(submissionId, list);
      }
      lastList = list;
    }
    lastList.push(recorded);
  }
  return byClaim;
}

/**
 * Claims whose first event here is not their stream's first: only they can have a row
 * already (a live batch checks the rest by inserting them only where no row is). In a
 * rebuild that is the few claims a batch boundary cuts, so most batches look nothing up.
 */
export function claimsBegunEarlier(
  byClaim: ReadonlyMap<string, readonly RecordedEvent[]>,
): string[] {
  const ids: string[] = [];
  for (const [submissionId, claimEvents] of byClaim)
    if ((claimEvents[0]?.streamRevision ?? 0n) > 0n) ids.push(submissionId);
  return ids;
}

export async function loadClaimRows(
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
export async function updateClaimRows(client: SqlClient, rows: readonly ClaimRow[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = CLAIM_COLUMNS.join(', ');
  await client.query(
    `update claims set (${columns}) = (${CLAIM_COLUMNS.map((c) => `changed.${c}`).join(', ')})
     from json_populate_recordset(null::claims, $1::json) as changed
     where claims.submission_id = changed.submission_id and claims.version < changed.version`,
    [JSON.stringify(rows)],
  );
}

/** Claims' rows that moved in a batch and the version rows that moved them. */
export interface Folded {
  readonly rows: ClaimRow[];
  readonly versions: ClaimVersionRow[];
}

/**
 * A batch folded claim by claim from the rows stored before it: claims without a stored row
 * (`fresh`), claims whose row moved (`changed`), and the status counts the changed ones move.
 */
export function foldBatch(
  byClaim: ReadonlyMap<string, readonly RecordedEvent[]>,
  stored: ReadonlyMap<string, ClaimRow>,
): { fresh: Folded; changed: Folded; changedDeltas: StatusDeltas } {
  const fresh: Folded = { rows: [], versions: [] };
  const changed: Folded = { rows: [], versions: [] };
  const changedDeltas: StatusDeltas = new Map();
  for (const [submissionId, claimEvents] of byClaim) {
    const before = stored.get(submissionId) ?? null;
    const { row, versions } = foldClaim(before, claimEvents);
    if (!row || row === before) continue;
    const into = before ? changed : fresh;
    into.rows.push(row);
    into.versions.push(...versions);
    if (before) addStatusChange(changedDeltas, before.status, row.status);
  }
  return { fresh, changed, changedDeltas };
}
