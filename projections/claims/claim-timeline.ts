import { type ClaimStatus, displayStatus } from '@contracts/claims/catalogue';
import type { SqlClient } from '../runner/sql';

/** One version of a claim as the timeline reads it: its status and when it became so. */
export interface StatusAt {
  readonly status: string;
  /** ISO timestamp of the event that made this version. */
  readonly at: string;
}

type Decision = Extract<ClaimStatus, 'Approved' | 'Denied'>;

/**
 * Where a claim stands: submitted, taken into review, decided; each with the moment it was
 * reached, or null while not reached. Built from the claim's versions, never guessed.
 */
export interface ClaimTimeline {
  readonly submittedAt: string;
  readonly inReviewAt: string | null;
  readonly decidedAt: string | null;
  readonly decision: Decision | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isDecision = (status: ClaimStatus): status is Decision =>
  status === 'Approved' || status === 'Denied';

/**
 * In review from the first version whose status left Submitted (a straight decision counts);
 * decided when the current status is a decision, since the version that last made it so. A
 * decision staff reopened is not one until they decide again.
 */
export function claimTimeline(versions: readonly StatusAt[]): ClaimTimeline | undefined {
  const first = versions[0];
  if (!first) return undefined;
  const statuses = versions.map((version) => displayStatus(version.status));
  const reviewed = statuses.findIndex((status) => status !== 'Submitted');
  const current = statuses[statuses.length - 1] as ClaimStatus;
  let decidedFrom = statuses.length - 1;
  while (decidedFrom > 0 && statuses[decidedFrom - 1] === current) decidedFrom -= 1;
  const decided = isDecision(current);
  return {
    submittedAt: first.at,
    inReviewAt: reviewed === -1 ? null : (versions[reviewed]?.at ?? null),
    decidedAt: decided ? (versions[decidedFrom]?.at ?? null) : null,
    decision: decided ? current : null,
  };
}

/** The timeline of one of the customer's own claims, from its versions (claim_versions). */
export async function customerClaimTimeline(
  client: SqlClient,
  customerId: string,
  submissionId: string,
): Promise<ClaimTimeline | undefined> {
  if (!UUID.test(submissionId)) return undefined;
  const { rows } = await client.query<{ status: string; at: Date }>(
    `select v.status, v.updated_at as at
       from claim_versions v join claims c on c.submission_id = v.submission_id
      where c.customer_id = $1 and v.submission_id = $2
      order by v.version`,
    [customerId, submissionId],
  );
  return claimTimeline(rows.map((row) => ({ status: row.status, at: row.at.toISOString() })));
}
