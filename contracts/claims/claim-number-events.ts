import type { RecordedEvent } from '../event-store';

/**
 * Claim-number uniqueness: one stream per number. A number is free when its stream does not
 * exist or ends with a release; reserving appends at exactly that revision, so of two
 * simultaneous reservations only one can land.
 */
const CLAIM_NUMBER_STREAM_PREFIX = 'claim-number-';
export const claimNumberStreamId = (claimNumber: string) =>
  `${CLAIM_NUMBER_STREAM_PREFIX}${claimNumber}`;

export interface ClaimNumberReserved {
  readonly type: 'ClaimNumberReserved';
  readonly data: { readonly claimNumber: string; readonly submissionId: string };
}

interface ClaimNumberReleased {
  readonly type: 'ClaimNumberReleased';
  readonly data: { readonly claimNumber: string; readonly submissionId: string };
}

export type ClaimNumberEvent = ClaimNumberReserved | ClaimNumberReleased;
export type ClaimNumberEventType = ClaimNumberEvent['type'];

export const CLAIM_NUMBER_EVENT_SCHEMA_VERSIONS: Record<ClaimNumberEventType, number> = {
  ClaimNumberReserved: 1,
  ClaimNumberReleased: 1,
};

export function upcastClaimNumberEvent(event: RecordedEvent): ClaimNumberEvent {
  const type = event.type as ClaimNumberEventType;
  const current = CLAIM_NUMBER_EVENT_SCHEMA_VERSIONS[type];
  if (current === undefined) throw new Error(`Not a claim number event: ${event.type}`);
  if (event.metadata.schemaVersion > current) {
    throw new Error(`${event.type} v${event.metadata.schemaVersion} is newer than this code`);
  }
  return { type, data: event.data } as ClaimNumberEvent;
}
