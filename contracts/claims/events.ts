import type { RecordedEvent } from '../event-store';
import type { ClaimType, ProductCode, ProductType } from './catalogue';

export const claimStreamId = (submissionId: string) => `claim-${submissionId}`;
export const CLAIM_STREAM_PREFIX = 'claim-';

export interface Claimant {
  readonly customerId: string;
  /** Lower-cased, as the spec stores it. */
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** YYYY-MM-DD */
  readonly dateOfBirth: string;
}

/** ClaimSubmitted, schema version 1. */
export interface ClaimSubmitted {
  readonly type: 'ClaimSubmitted';
  readonly data: {
    readonly submissionId: string;
    readonly confirmationNumber: string;
    readonly policyNumber: string;
    readonly productCode: ProductCode;
    readonly productType: ProductType;
    readonly claimType: ClaimType;
    readonly claimDescription: string;
    readonly claimant: Claimant;
    readonly orgId: string;
    readonly submittedAt: string;
  };
}

export type ClaimEvent = ClaimSubmitted;
export type ClaimEventType = ClaimEvent['type'];

export const CLAIM_EVENT_SCHEMA_VERSIONS: Record<ClaimEventType, number> = {
  ClaimSubmitted: 1,
};

const CLAIM_EVENT_TYPES = new Set<string>(Object.keys(CLAIM_EVENT_SCHEMA_VERSIONS));

export function isClaimEvent(event: RecordedEvent): boolean {
  return CLAIM_EVENT_TYPES.has(event.type);
}

/**
 * Brings a stored claim event to the current schema. Old versions are upcast here on
 * read and never rewritten in the store.
 */
export function upcastClaimEvent(event: RecordedEvent): ClaimEvent {
  const version = event.metadata.schemaVersion;
  const current = CLAIM_EVENT_SCHEMA_VERSIONS[event.type as ClaimEventType];
  if (current === undefined) throw new Error(`Not a claim event: ${event.type}`);
  if (version > current) {
    throw new Error(`${event.type} v${version} is newer than this code (v${current})`);
  }
  return { type: event.type, data: event.data } as ClaimEvent;
}
