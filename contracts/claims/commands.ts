import type { ClaimType, ProductCode, ProductType } from './catalogue';
import type { InitialDocument } from './document-rules';
import type { InspectedFile } from './documents';
import type { Claimant, OverriddenChange, StaffMember } from './events';

export interface SubmitClaim {
  readonly type: 'SubmitClaim';
  readonly data: {
    readonly submissionId: string;
    readonly confirmationNumber: string;
    readonly policyNumber: string;
    readonly productCode: ProductCode;
    readonly productType: ProductType;
    readonly claimType: ClaimType;
    readonly claimDescription: string;
    readonly claimant: Claimant;
    /** Inspected by the server; absent means none. */
    readonly documents?: readonly InitialDocument[];
  };
}

export interface AddAdditionalDocuments {
  readonly type: 'AddAdditionalDocuments';
  readonly data: {
    readonly submissionId: string;
    /** From the session: only the claim's own customer may add documents. */
    readonly customerId: string;
    readonly documents: readonly InspectedFile[];
  };
}

/**
 * The values of the staff edit form, as typed. A field left out keeps its stored value;
 * an empty date clears it; an empty amount is 0.
 */
export interface StaffClaimEdit {
  readonly claimNumber?: string;
  readonly benefitAmount?: string | number;
  readonly firstPaymentDate?: string;
  readonly lastPaymentDate?: string;
  readonly status?: string;
  /** Reason codes, or the stored form (`Array:a,b` or one code). */
  readonly additionalReason?: string | readonly string[];
}

export interface AmendClaim {
  readonly type: 'AmendClaim';
  readonly data: {
    readonly submissionId: string;
    readonly changes: StaffClaimEdit;
    /** A new letter chosen in the same save, inspected by the server. */
    readonly decisionLetter?: InspectedFile;
    readonly staff: StaffMember;
    /** Others' changes the saver saw and chose to overwrite; those this save replaces are recorded. */
    readonly overriding?: readonly OverriddenChange[];
  };
}

export interface MarkDecisionLetterRead {
  readonly type: 'MarkDecisionLetterRead';
  readonly data: {
    readonly submissionId: string;
    readonly customerId: string;
  };
}

export type ClaimCommand =
  | SubmitClaim
  | AddAdditionalDocuments
  | AmendClaim
  | MarkDecisionLetterRead;

interface ReserveClaimNumber {
  readonly type: 'ReserveClaimNumber';
  readonly data: { readonly claimNumber: string; readonly submissionId: string };
}

interface ReleaseClaimNumber {
  readonly type: 'ReleaseClaimNumber';
  readonly data: { readonly claimNumber: string; readonly submissionId: string };
}

export type ClaimNumberCommand = ReserveClaimNumber | ReleaseClaimNumber;
