import { type ClaimEvent, isClaimEvent, upcastClaimEvent } from '@contracts/claims/events';
import type { RecordedEvent } from '@contracts/event-store';
import { assertNever } from '@contracts/assert-never';
import type { Projection } from '../runner/projection';
import type { SqlClient } from '../runner/sql';
import { snapshotVersion } from './claim-versions';
import {
  addAdditionalDocuments,
  amendClaimRow,
  insertSubmittedClaim,
  markLetterRead,
  recordLetter,
} from './claim-rows';

export const CLAIMS_PROJECTION = 'claims';

/**
 * One row per claim, its current state (customer dashboard, staff search), and one row per
 * version of it (Claims History), written in the same transaction.
 */
export const claimsProjection: Projection = {
  name: CLAIMS_PROJECTION,
  // By type, not stream prefix: `claim-number-…` reservation streams share the `claim-` prefix.
  handles: isClaimEvent,
  async apply(client, events) {
    for (const recorded of events) {
      const event = upcastClaimEvent(recorded);
      await applyClaimEvent(client, event, recorded);
      await snapshotVersion(
        client,
        recorded,
        event.data.submissionId,
        Number(recorded.streamRevision) + 1,
      );
    }
  },
};

/**
 * Each event applies once: an insert ignores a row already there, and an update only
 * touches a row whose version is below the event's (stream revision + 1).
 */
function applyClaimEvent(
  client: SqlClient,
  event: ClaimEvent,
  recorded: RecordedEvent,
): Promise<void> {
  const version = Number(recorded.streamRevision) + 1;
  switch (event.type) {
    case 'ClaimSubmitted':
      return insertSubmittedClaim(client, event.data, version);
    case 'AdditionalDocumentsAdded':
      return addAdditionalDocuments(client, event.data, version);
    case 'ClaimAmendedByStaff':
      return amendClaimRow(client, event.data, version);
    case 'DecisionLetterUploaded':
      return recordLetter(client, event.data, version);
    case 'DecisionLetterRead':
      return markLetterRead(client, event.data, version);
    default:
      return assertNever(event);
  }
}
