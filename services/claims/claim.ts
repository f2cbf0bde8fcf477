import type { ClaimStatus, ClaimType, ProductCode, ProductType } from '@contracts/claims/catalogue';
import type { DocumentRef } from '@contracts/claims/documents';
import type {
  ClaimEvent,
  Claimant,
  DecisionLetter,
  FieldChange,
  StaffClaimChanges,
} from '@contracts/claims/events';
import { assertNever } from '@contracts/assert-never';

export interface ClaimRecord {
  readonly status: ClaimStatus;
  readonly submissionId: string;
  readonly confirmationNumber: string;
  readonly policyNumber: string;
  readonly productCode: ProductCode;
  readonly productType: ProductType;
  readonly claimType: ClaimType;
  readonly claimDescription: string;
  readonly claimant: Claimant;
  readonly claimNumber: string;
  readonly benefitAmount: number;
  readonly firstPaymentDate: string | null;
  readonly lastPaymentDate: string | null;
  readonly additionalReason: string;
  /** Key of the letter the claim points at (the spec's eob_s3_path). */
  readonly eobPath: string | null;
  /** The last letter uploaded, with its file name, size and hash. */
  readonly decisionLetter: DecisionLetter | null;
  readonly decisionLetterRead: boolean;
  readonly documents: readonly DocumentRef[];
  readonly submittedAt: string;
  readonly updatedAt: string;
  readonly updatedBy: string | null;
}

export type Claim = { readonly status: 'NotSubmitted' } | ClaimRecord;

export const initialClaim = (): Claim => ({ status: 'NotSubmitted' });

export function evolveClaim(state: Claim, event: ClaimEvent): Claim {
  if (event.type === 'ClaimSubmitted') return submittedClaim(event.data);
  if (state.status === 'NotSubmitted') return state;
  switch (event.type) {
    case 'AdditionalDocumentsAdded':
      return {
        ...state,
        documents: [...state.documents, ...event.data.documents],
        updatedAt: event.data.addedAt,
      };
    case 'ClaimAmendedByStaff':
      return {
        ...applyChanges(state, event.data.changes),
        updatedAt: event.data.amendedAt,
        updatedBy: event.data.amendedBy.email,
      };
    case 'DecisionLetterUploaded': {
      const { key, fileName, size, sha256, rendition } = event.data;
      const letter = { key, fileName, size, sha256, ...(rendition ? { rendition } : {}) };
      return { ...state, decisionLetter: letter };
    }
    case 'DecisionLetterRead':
      return { ...state, decisionLetterRead: true };
    default:
      return assertNever(event);
  }
}

// The spec's "submitted claim defaults": no claim number yet, amount 0, letter flag true.
function submittedClaim(
  data: Extract<ClaimEvent, { type: 'ClaimSubmitted' }>['data'],
): ClaimRecord {
  return {
    status: 'Submitted',
    submissionId: data.submissionId,
    confirmationNumber: data.confirmationNumber,
    policyNumber: data.policyNumber,
    productCode: data.productCode,
    productType: data.productType,
    claimType: data.claimType,
    claimDescription: data.claimDescription,
    claimant: data.claimant,
    claimNumber: '',
    benefitAmount: 0,
    firstPaymentDate: null,
    lastPaymentDate: null,
    additionalReason: '',
    eobPath: null,
    decisionLetter: null,
    decisionLetterRead: true,
    documents: data.documents,
    submittedAt: data.submittedAt,
    updatedAt: data.submittedAt,
    updatedBy: null,
  };
}

const after = <T>(change: FieldChange<T> | undefined, current: T): T =>
  change ? change.to : current;

function applyChanges(claim: ClaimRecord, changes: StaffClaimChanges): ClaimRecord {
  return {
    ...claim,
    claimNumber: after(changes.claimNumber, claim.claimNumber),
    benefitAmount: after(changes.benefitAmount, claim.benefitAmount),
    firstPaymentDate: after(changes.firstPaymentDate, claim.firstPaymentDate),
    lastPaymentDate: after(changes.lastPaymentDate, claim.lastPaymentDate),
    status: after(changes.status, claim.status),
    additionalReason: after(changes.additionalReason, claim.additionalReason),
    eobPath: after(changes.eobPath, claim.eobPath),
    decisionLetterRead: after(changes.decisionLetterRead, claim.decisionLetterRead),
  };
}

/** Every object key the claim points at: its documents and its decision letter. */
export function referencedKeys(claim: Claim): Set<string> {
  if (claim.status === 'NotSubmitted') return new Set();
  const keys = claim.documents.flatMap((document) => [
    document.key,
    ...(document.rendition ? [document.rendition.key] : []),
  ]);
  if (claim.eobPath) keys.push(claim.eobPath);
  if (claim.decisionLetter) keys.push(claim.decisionLetter.key);
  if (claim.decisionLetter?.rendition) keys.push(claim.decisionLetter.rendition.key);
  return new Set(keys);
}
