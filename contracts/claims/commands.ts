import type { ClaimType, ProductCode, ProductType } from './catalogue';
import type { Claimant } from './events';

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
  };
}

export type ClaimCommand = SubmitClaim;
