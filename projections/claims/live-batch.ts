import { chainHash } from '@contracts/event-hash';
import type { RecordedEvent } from '@contracts/event-store';
import type { CheckpointMove } from '../runner/projection';
import { isRefusal } from '../runner/refusal';
import type { SqlClient } from '../runner/sql';
import { claimsBegunEarlier, type Folded, foldBatch, loadClaimRows } from './claim-batch';
import { CLAIM_COLUMNS, type ClaimRow } from './claim-rows';
import { VERSION_COLUMNS } from './claim-versions';
import { noteInsertedClaims } from './statistics-as-they-grow';
import { removeEmptyStatuses, type StatusDeltas } from './status-counts';

const claimColumns = CLAIM_COLUMNS.join(', ');
const versionColumns = VERSION_COLUMNS.join(', ');

/**
 * Every write of a live batch in one statement (a round trip each for the claims, their
 * versions and the counts took three or four, issue 30): new claims are inserted unless
 * their row exists, and only the claims inserted bring their versions and count in their
 * status; changed claims are updated when their row is behind, with versions above it.
 *
 * Inside the runner's transaction it returns the new claims it inserted. Moving the
 * checkpoint, it is a transaction of its own: the checkpoint moves from $11/$12 to $9/$10
 * only if it is there and the lease $14 still has token $15 (it raises otherwise, decision
 * 112), every write waits on that, and the statement fails (nothing written)
 * when a new claim's row turned out to exist, which the transactional path folds again.
 */
function writeBatchSql(movingCheckpoint: boolean): string {
  const ifMoved = movingCheckpoint ? 'exists (select from moved)' : 'true';
  const moved = `moved as (
    update projection_checkpoints
    set commit_position = $9, prepare_position = $10, updated_at = now()
    where name = $8 and commit_position = $11 and prepare_position = $12
      and ($14::text is null or lease_fence($14, $15))
    returning name
  ), `;
  const result = movingCheckpoint
    ? `select (select count(*) from moved)::int as moved,
         set_config('synchronous_commit', 'off', true) as synchronous_commit,
         case when (select count(*) from new_claims) < $13
           then projection_refuse('${EXISTING_ROWS}') end as refused`
    : 'select submission_id from new_claims';
  return `
  with ${movingCheckpoint ? moved : ''}new_claims as (
    insert into claims (${claimColumns})
    select ${claimColumns} from json_populate_recordset(null::claims, $1::json) where ${ifMoved}
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
      and ${ifMoved}
  ), changed_versions as (
    insert into claim_versions (${versionColumns})
    select ${versionColumns} from json_populate_recordset(null::claim_versions, $4::json)
    where ${ifMoved}
  ), deltas as (
    select status, count(*)::bigint as delta from new_claims group by status
    union all
    select status, delta from unnest($5::text[], $6::bigint[]) as d(status, delta) where ${ifMoved}
  ), counted as (
    insert into claim_status_counts (status, claims)
    select status, sum(delta) from deltas group by status having sum(delta) <> 0
    order by status
    on conflict (status) do update set claims = claim_status_counts.claims + excluded.claims
  )
  ${result}`;
}

const EXISTING_ROWS = 'claims rows already exist';
const WRITE_BATCH = writeBatchSql(false);
const WRITE_BATCH_MOVING_CHECKPOINT = writeBatchSql(true);

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
  const { rows } = await client.query<{ submission_id: string }>({
    name: 'claims-live-batch',
    text: WRITE_BATCH,
    values: batchValues(fresh, changed, deltas),
  });
  return new Set(rows.map((row) => row.submission_id));
}

function batchValues(fresh: Folded, changed: Folded, deltas: StatusDeltas): unknown[] {
  const counted = [...deltas].filter(([, delta]) => delta !== 0);
  return [
    JSON.stringify(fresh.rows),
    JSON.stringify(fresh.versions),
    JSON.stringify(changed.rows),
    JSON.stringify(changed.versions),
    counted.map(([status]) => status),
    counted.map(([, delta]) => delta),
    // The same claims by key: the planner reads them through the primary key instead of
    // scanning the table to join the JSON rows, whose count it cannot know.
    changed.rows.map((row) => row.submission_id),
  ];
}

/**
 * A live batch and its checkpoint move in one statement (applyBatch's fast path): false,
 * with nothing written, when the checkpoint is not at `move.from`, when a new claim's row
 * exists already, or when a status may lose its last claim (its row is removed by a second
 * statement, so that batch takes the transaction).
 */
export async function applyLiveBatchMovingCheckpoint(
  client: SqlClient,
  byClaim: ReadonlyMap<string, readonly RecordedEvent[]>,
  move: CheckpointMove,
): Promise<boolean> {
  const memory = rowsWrittenBy(client);
  const stored = await storedRows(client, memory, byClaim);
  const { fresh, changed, changedDeltas: deltas } = foldBatch(byClaim, stored);
  if ([...deltas].some(([, delta]) => delta < 0)) return false;
  const moved = await writeMovingCheckpoint(client, fresh, changed, deltas, move);
  if (moved) {
    remember(memory, byClaim, [...fresh.rows, ...changed.rows]);
    noteInsertedClaims(client, fresh.rows.length);
  }
  return moved;
}

async function writeMovingCheckpoint(
  client: SqlClient,
  fresh: Folded,
  changed: Folded,
  deltas: StatusDeltas,
  move: CheckpointMove,
): Promise<boolean> {
  try {
    const { rows } = await client.query<{ moved: number }>({
      name: 'claims-live-batch-moving-checkpoint',
      text: WRITE_BATCH_MOVING_CHECKPOINT,
      values: [
        ...batchValues(fresh, changed, deltas),
        move.name,
        move.to.commit.toString(),
        move.to.prepare.toString(),
        move.from.commit.toString(),
        move.from.prepare.toString(),
        fresh.rows.length,
        // No fence: a caller outside any election (tests, tools); the live runner has one.
        move.fence?.lease ?? null,
        move.fence?.token.toString() ?? null,
      ],
    });
    return rows[0]?.moved === 1;
  } catch (error) {
    if (isRefusal(error, EXISTING_ROWS)) return false;
    throw error;
  }
}

/** A row this process wrote, and the hash of the last event folded into it. */
interface WrittenRow {
  readonly row: ClaimRow;
  readonly lastHash: string;
}

const REMEMBERED_ROWS = 2_000;

/**
 * The rows this process last wrote in one statement, by the pool (so by database) it wrote
 * them with. The next batch of a claim edited again folds from its row here instead of
 * reading it back (a round trip, and the lookup's parse and plan, per batch; issue 30).
 */
const rowsWritten = new WeakMap<object, Map<string, WrittenRow>>();

function rowsWrittenBy(client: SqlClient): Map<string, WrittenRow> {
  const found = rowsWritten.get(client);
  if (found) return found;
  const made = new Map<string, WrittenRow>();
  rowsWritten.set(client, made);
  return made;
}

/**
 * The rows of claims begun before this batch: a remembered row when the batch's first event
 * of the claim follows on from it (the next revision, chained to the hash of the row's last
 * event, so a store reset or another writer's row is never taken for it), the others read.
 */
async function storedRows(
  client: SqlClient,
  memory: Map<string, WrittenRow>,
  byClaim: ReadonlyMap<string, readonly RecordedEvent[]>,
): Promise<Map<string, ClaimRow>> {
  const known = new Map<string, ClaimRow>();
  const unknown: string[] = [];
  for (const submissionId of claimsBegunEarlier(byClaim)) {
    const written = memory.get(submissionId);
    const next = byClaim.get(submissionId)?.[0];
    if (written && next && followsOn(written, next)) known.set(submissionId, written.row);
    else unknown.push(submissionId);
  }
  if (unknown.length === 0) return known;
  return new Map([...known, ...(await loadClaimRows(client, unknown))]);
}

function followsOn(written: WrittenRow, next: RecordedEvent): boolean {
  return (
    BigInt(written.row.version) === next.streamRevision &&
    chainHash(written.lastHash, next.streamId, next.streamRevision, next) === next.hash
  );
}

function remember(
  memory: Map<string, WrittenRow>,
  byClaim: ReadonlyMap<string, readonly RecordedEvent[]>,
  rows: readonly ClaimRow[],
): void {
  for (const row of rows) {
    // The event that brought the row to its version; a row left behind its events is not kept.
    const last = byClaim
      .get(row.submission_id)
      ?.find((event) => event.streamRevision === BigInt(row.version - 1));
    memory.delete(row.submission_id);
    if (last) memory.set(row.submission_id, { row, lastHash: last.hash });
  }
  for (const oldest of memory.keys()) {
    if (memory.size <= REMEMBERED_ROWS) break;
    memory.delete(oldest);
  }
}
