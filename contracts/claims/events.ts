import type { RecordedEvent } from '../event-store';
import type { ClaimStatus, ClaimType, ProductCode, ProductType } from './catalogue';
import type { DocumentRef, RenditionRef } from './documents';

export const claimStreamId = (submissionId: string) => `claim-${submissionId}`;

export interface Claimant {
  readonly customerId: string;
  /** Lower-cased, as the spec stores it. */
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** YYYY-MM-DD */
  readonly dateOfBirth: string;
}

/** A claims staff member, as the staff session knows them. */
export interface StaffMember {
  readonly staffId: string;
  readonly email: string;
}

/** ClaimSubmitted, schema version 3: v1 had no documents, v2 no renditions (decision 126). */
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
    readonly documents: readonly DocumentRef[];
  };
}

export interface AdditionalDocumentsAdded {
  readonly type: 'AdditionalDocumentsAdded';
  readonly data: {
    readonly submissionId: string;
    readonly documents: readonly DocumentRef[];
    readonly addedAt: string;
  };
}

export interface FieldChange<T> {
  readonly from: T;
  readonly to: T;
}

/** The fields a staff save may change; a field is present only when its value changed. */
export interface StaffClaimChanges {
  readonly claimNumber?: FieldChange<string>;
  readonly benefitAmount?: FieldChange<number>;
  /** YYYY-MM-DD, or null for no date. */
  readonly firstPaymentDate?: FieldChange<string | null>;
  readonly lastPaymentDate?: FieldChange<string | null>;
  readonly status?: FieldChange<ClaimStatus>;
  /** The stored form: a reason code, `Array:` + comma-separated codes, or ''. */
  readonly additionalReason?: FieldChange<string>;
  /** Key of the decision letter in the document storage (the spec's eob_s3_path). */
  readonly eobPath?: FieldChange<string | null>;
  readonly decisionLetterRead?: FieldChange<boolean>;
}

export type StaffClaimField = keyof StaffClaimChanges;

/**
 * Another person's change this save knowingly replaced: it was shown in the conflict
 * dialog and the saver chose to overwrite it (decision 048).
 */
export interface OverriddenChange {
  readonly field: string;
  readonly from: unknown;
  readonly to: unknown;
  readonly by: string;
  readonly at: string;
}

export interface ClaimAmendedByStaff {
  readonly type: 'ClaimAmendedByStaff';
  readonly data: {
    readonly submissionId: string;
    readonly changes: StaffClaimChanges;
    readonly amendedBy: StaffMember;
    readonly amendedAt: string;
    /** Present only on an overwrite chosen after a conflict. */
    readonly overrode?: readonly OverriddenChange[];
  };
}

export interface DecisionLetter {
  readonly key: string;
  readonly fileName: string;
  readonly size: number;
  readonly sha256: string;
  /** Absent from letters uploaded before renditions (decision 126). */
  readonly rendition?: RenditionRef;
}

export interface DecisionLetterUploaded {
  readonly type: 'DecisionLetterUploaded';
  readonly data: DecisionLetter & {
    readonly submissionId: string;
    readonly uploadedBy: StaffMember;
    readonly uploadedAt: string;
  };
}

export interface DecisionLetterRead {
  readonly type: 'DecisionLetterRead';
  readonly data: {
    readonly submissionId: string;
    readonly customerId: string;
    readonly readAt: string;
  };
}

export type ClaimEvent =
  | ClaimSubmitted
  | AdditionalDocumentsAdded
  | ClaimAmendedByStaff
  | DecisionLetterUploaded
  | DecisionLetterRead;
export type ClaimEventType = ClaimEvent['type'];

export const CLAIM_EVENT_SCHEMA_VERSIONS: Record<ClaimEventType, number> = {
  ClaimSubmitted: 3,
  AdditionalDocumentsAdded: 2,
  ClaimAmendedByStaff: 1,
  DecisionLetterUploaded: 2,
  DecisionLetterRead: 1,
};

export const CLAIM_EVENT_TYPES: ReadonlySet<string> = new Set<string>(
  Object.keys(CLAIM_EVENT_SCHEMA_VERSIONS),
);

export function isClaimEvent(event: RecordedEvent): boolean {
  return CLAIM_EVENT_TYPES.has(event.type);
}

type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/** Nothing to add: the field a version brought is optional, and absent means "none yet". */
const unchanged: Upcaster = (data) => data;

/**
 * Step `n` brings data of version n to version n + 1. A document or letter of a version before
 * renditions keeps no `rendition`: it is rendered when read (decision 126).
 */
const UPCASTERS: Partial<Record<ClaimEventType, readonly Upcaster[]>> = {
  ClaimSubmitted: [(data) => ({ ...data, documents: [] }), unchanged],
  AdditionalDocumentsAdded: [unchanged],
  DecisionLetterUploaded: [unchanged],
};

/**
 * Brings a stored claim event to the current schema. Old versions are upcast here on
 * read and never rewritten in the store.
 */
export function upcastClaimEvent(event: RecordedEvent): ClaimEvent {
  const type = event.type as ClaimEventType;
  const version = event.metadata.schemaVersion;
  const current = CLAIM_EVENT_SCHEMA_VERSIONS[type];
  if (current === undefined) throw new Error(`Not a claim event: ${event.type}`);
  if (version > current) {
    throw new Error(`${event.type} v${version} is newer than this code (v${current})`);
  }
  let data = event.data as Record<string, unknown>;
  for (let step = version; step < current; step += 1) {
    const upcast = UPCASTERS[type]?.[step - 1];
    if (!upcast) throw new Error(`No upcaster for ${event.type} v${step}`);
    data = upcast(data);
  }
  return { type, data } as ClaimEvent;
}
