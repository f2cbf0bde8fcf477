import type { ClaimStatus, ClaimType, ProductCode, ProductType } from './catalogue';

/** One of a customer's claims (GET /api/claims): what the dashboard and the claim details show. */
export interface ClaimSummary {
  readonly submissionId: string;
  /** null until staff assign one; the UI then shows (TBD) or the confirmation number. */
  readonly claimNumber: string | null;
  readonly confirmationNumber: string;
  readonly policyNumber: string;
  readonly productCode: ProductCode;
  readonly productType: ProductType;
  readonly claimType: ClaimType;
  readonly benefitAmount: number;
  readonly status: ClaimStatus;
  /** YYYY-MM-DD, null when not set. */
  readonly firstPaymentDate: string | null;
  readonly lastPaymentDate: string | null;
  /** Reason codes (contracts/claims/reasons.ts words them in each language); empty for none. */
  readonly additionalReasons: readonly string[];
  readonly submittedAt: string;
  readonly hasDecisionLetter: boolean;
  /** False after every staff save until the customer opens the claim: the dashboard's red dot. */
  readonly decisionLetterRead: boolean;
  readonly documentCount: number;
}
