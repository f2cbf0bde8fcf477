import { CLAIM_STREAM_PREFIX, type ClaimEvent, upcastClaimEvent } from '@contracts/claims/events';
import type { RecordedEvent } from '@contracts/event-store';
import { assertNever } from '@contracts/assert-never';
import type { Projection } from '../runner/projection';
import type { SqlClient } from '../runner/sql';

export const CLAIMS_PROJECTION = 'claims';

/** One row per claim, its current state: the customer dashboard and the staff search read it. */
export const claimsProjection: Projection = {
  name: CLAIMS_PROJECTION,
  handles: (event) => event.streamId.startsWith(CLAIM_STREAM_PREFIX),
  async apply(client, events) {
    for (const event of events) await applyClaimEvent(client, upcastClaimEvent(event), event);
  },
};

async function applyClaimEvent(
  client: SqlClient,
  event: ClaimEvent,
  recorded: RecordedEvent,
): Promise<void> {
  const version = Number(recorded.streamRevision) + 1;
  switch (event.type) {
    case 'ClaimSubmitted': {
      const { data } = event;
      // "on conflict do nothing": applying the same event twice changes nothing.
      await client.query(
        `insert into claims (
           submission_id, customer_id, email, first_name, last_name, date_of_birth,
           confirmation_number, policy_number, product_code, product_type, claim_type,
           claim_description, status, org_id, created_at, updated_at, version)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'Submitted', $13, $14, $14, $15)
         on conflict (submission_id) do nothing`,
        [
          data.submissionId,
          data.claimant.customerId,
          data.claimant.email,
          data.claimant.firstName,
          data.claimant.lastName,
          data.claimant.dateOfBirth,
          data.confirmationNumber,
          data.policyNumber,
          data.productCode,
          data.productType,
          data.claimType,
          data.claimDescription,
          data.orgId,
          data.submittedAt,
          version,
        ],
      );
      return;
    }
    default:
      return assertNever(event.type);
  }
}
