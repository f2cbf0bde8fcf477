import type { ClaimStatus, ClaimType, ProductCode, ProductType } from './catalogue';

/** One row of a customer's claims list (GET /api/claims). */
export interface ClaimSummary {
  readonly submissionId: string;
  readonly claimNumber: string | null;
  readonly confirmationNumber: string;
  readonly policyNumber: string;
  readonly productCode: ProductCode;
  readonly productType: ProductType;
  readonly claimType: ClaimType;
  readonly benefitAmount: number;
  readonly status: ClaimStatus;
  readonly submittedAt: string;
  readonly decisionLetterRead: boolean;
}
