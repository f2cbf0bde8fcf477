import { CLAIM_STATUSES, type ClaimStatus } from '@contracts/claims/catalogue';
import type { SqlClient } from '../runner/sql';

/**
 * Claims per status, kept by the claims projection in the transaction that moves the claims
 * (decision 065): the staff dashboard reads five rows instead of counting a million.
 */
export const claimStatusCountsMigration = {
  id: '146-claim-status-counts',
  sql: `
    create table claim_status_counts (
      status text primary key,
      claims bigint not null
    );
    insert into claim_status_counts (status, claims)
      select status, count(*) from claims group by status;
  `,
};

/** How many claims each status gains (or loses, when negative) in one batch. */
export type StatusDeltas = Map<string, number>;

export function addStatusChange(
  deltas: StatusDeltas,
  before: string | undefined,
  after: string,
): void {
  if (before === after) return;
  if (before !== undefined) deltas.set(before, (deltas.get(before) ?? 0) - 1);
  deltas.set(after, (deltas.get(after) ?? 0) + 1);
}

/**
 * One statement, rows in status order: two transactions writing counts at once lock the
 * same rows in the same order, so they wait for each other, never deadlock.
 */
export async function applyStatusDeltas(client: SqlClient, deltas: StatusDeltas): Promise<void> {
  const changed = [...deltas]
    .filter(([, delta]) => delta !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  if (changed.length === 0) return;
  await client.query(
    `insert into claim_status_counts (status, claims)
     select status, delta from unnest($1::text[], $2::bigint[]) as d(status, delta)
     order by status
     on conflict (status) do update set claims = claim_status_counts.claims + excluded.claims`,
    [changed.map(([status]) => status), changed.map(([, delta]) => delta)],
  );
  await removeEmptyStatuses(client, deltas);
}

/**
 * No row for a status no claim has, however the batches fell: a rebuild compares equal.
 * Only a status that lost claims can have come down to none.
 */
export async function removeEmptyStatuses(client: SqlClient, deltas: StatusDeltas): Promise<void> {
  const fell = [...deltas].filter(([, delta]) => delta < 0).map(([status]) => status);
  if (fell.length === 0) return;
  await client.query('delete from claim_status_counts where status = any($1) and claims = 0', [
    fell,
  ]);
}

/** Claims in each of the spec's statuses, zero for a status no claim has. */
export async function claimStatusCounts(
  client: SqlClient,
): Promise<Readonly<Record<ClaimStatus, number>>> {
  const { rows } = await client.query<{ status: string; claims: string }>(
    'select status, claims from claim_status_counts',
  );
  const counts = Object.fromEntries(CLAIM_STATUSES.map((status) => [status, 0])) as Record<
    ClaimStatus,
    number
  >;
  for (const { status, claims } of rows) {
    if (status in counts) counts[status as ClaimStatus] = Number(claims);
  }
  return counts;
}

/** The counts from the claims table itself, into an empty table: after a replay (issue 30). */
export async function countClaimsByStatus(client: SqlClient): Promise<void> {
  await client.query(
    `insert into claim_status_counts (status, claims)
     select status, count(*) from claims group by status order by status`,
  );
}
