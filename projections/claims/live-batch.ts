import type { RecordedEvent } from '@contracts/event-store';
import type { SqlClient } from '../runner/sql';
import { claimsBegunEarlier, type Folded, foldBatch, loadClaimRows } from './claim-batch';
import { CLAIM_COLUMNS } from './claim-rows';
import { VERSION_COLUMNS } from './claim-versions';
import { removeEmptyStatuses, type StatusDeltas } from './status-counts';

const claimColumns = CLAIM_COLUMNS.join(', ');
const versionColumns = VERSION_COLUMNS.join(', ');

/**
 * Every write of a live batch in one statement (a round trip each for the claims, their
 * versions and the counts took three or four, issue 30): new claims are inserted unless
 * their row exists, and only the claims inserted bring their versions and count in their
 * status; changed claims are updated when their row is behind, with versions above it.
 * Returns the new claims it inserted.
 */
const WRITE_BATCH = `
  with new_claims as (
    insert into claims (${claimColumns})
    select ${claimColumns} from json_populate_recordset(null::claims, $1::json)
    on conflict (submission_id) do nothing
    returning submission_id, status
  ), new_versions as (
    insert into claim_versions (${versionColumns})
    select ${versionColumns} from json_populate_recordset(null::claim_versions, $2::json) v
    where v.submission_id in (select submission_id from new_claims)
  ), changed_claims as (
    update claims set (${claimColumns}) = (${CLAIM_COLUMNS.map((c) => `changed.${c}`).join(', ')})
    from json_populate_recordset(null::claims, $3::json) as changed
    where claims.submission_id = any($7::uuid[])
      and claims.submission_id = changed.submission_id and claims.version < changed.version
  ), changed_versions as (
    insert into claim_versions (${versionColumns})
    select ${versionColumns} from json_populate_recordset(null::claim_versions, $4::json)
  ), deltas as (
    select status, count(*)::bigint as delta from new_claims group by status
    union all
    select status, delta from unnest($5::text[], $6::bigint[]) as d(status, delta)
  ), counted as (
    insert into claim_status_counts (status, claims)
    select status, sum(delta) from deltas group by status having sum(delta) <> 0
    order by status
    on conflict (status) do update set claims = claim_status_counts.claims + excluded.claims
  )
  select submission_id from new_claims`;

/**
 * A live batch (the runner holds the checkpoint row; no one else writes these claims): claims
 * submitted in the batch are folded from nothing and need no lookup; only claims begun
 * earlier are read. A new claim whose row turns out to exist (its events applied before, as
 * when a batch is applied twice) is read and folded again from that row.
 */
export async function applyLiveBatch(
  client: SqlClient,
  byClaim: ReadonlyMap<string, readonly RecordedEvent[]>,
  readFirst: readonly string[] = [],
): Promise<void> {
  const stored = await loadClaimRows(client, [...claimsBegunEarlier(byClaim), ...readFirst]);
  const { fresh, changed, changedDeltas: deltas } = foldBatch(byClaim, stored);
  const inserted = await writeBatch(client, fresh, changed, deltas);
  await removeEmptyStatuses(client, deltas);
  const existing = fresh.rows.map((row) => row.submission_id).filter((id) => !inserted.has(id));
  if (existing.length === 0) return;
  // Rows read now exist, so this second pass folds them as changes and inserts nothing new.
  if (readFirst.length > 0) throw new Error(`claims rows ${existing.join(', ')} vanished`);
  const again = new Map(existing.map((id) => [id, byClaim.get(id) ?? []]));
  await applyLiveBatch(client, again, existing);
}

async function writeBatch(
  client: SqlClient,
  fresh: Folded,
  changed: Folded,
  deltas: StatusDeltas,
): Promise<Set<string>> {
  if (fresh.rows.length === 0 && changed.rows.length === 0) return new Set();
  const counted = [...deltas].filter(([, delta]) => delta !== 0);
  const { rows } = await client.query<{ submission_id: string }>({
    name: 'claims-live-batch',
    text: WRITE_BATCH,
    values: [
      JSON.stringify(fresh.rows),
      JSON.stringify(fresh.versions),
      JSON.stringify(changed.rows),
      JSON.stringify(changed.versions),
      counted.map(([status]) => status),
      counted.map(([, delta]) => delta),
      // The same claims by key: the planner reads them through the primary key instead of
      // scanning the table to join the JSON rows, whose count it cannot know.
      changed.rows.map((row) => row.submission_id),
    ],
  });
  return new Set(rows.map((row) => row.submission_id));
}
