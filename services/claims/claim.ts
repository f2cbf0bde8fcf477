import type { ClaimStatus, ClaimType, ProductCode, ProductType } from '@contracts/claims/catalogue';
import type { ClaimEvent, Claimant } from '@contracts/claims/events';
import { assertNever } from '@contracts/assert-never';

export type Claim =
  | { readonly status: 'NotSubmitted' }
  | {
      readonly status: ClaimStatus;
      readonly submissionId: string;
      readonly confirmationNumber: string;
      readonly policyNumber: string;
      readonly productCode: ProductCode;
      readonly productType: ProductType;
      readonly claimType: ClaimType;
      readonly claimant: Claimant;
      readonly claimNumber: string;
      readonly benefitAmount: number;
      readonly decisionLetterRead: boolean;
      readonly submittedAt: string;
    };

export const initialClaim = (): Claim => ({ status: 'NotSubmitted' });

export function evolveClaim(_state: Claim, event: ClaimEvent): Claim {
  switch (event.type) {
    case 'ClaimSubmitted': {
      const { data } = event;
      // The spec's "submitted claim defaults": no claim number yet, amount 0, letter flag true.
      return {
        status: 'Submitted',
        submissionId: data.submissionId,
        confirmationNumber: data.confirmationNumber,
        policyNumber: data.policyNumber,
        productCode: data.productCode,
        productType: data.productType,
        claimType: data.claimType,
        claimant: data.claimant,
        claimNumber: '',
        benefitAmount: 0,
        decisionLetterRead: true,
        submittedAt: data.submittedAt,
      };
    }
    default:
      return assertNever(event.type);
  }
}
