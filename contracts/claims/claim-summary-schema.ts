import { z } from 'zod';
import { CLAIM_STATUSES, CLAIM_TYPES, PRODUCT_CODES, PRODUCT_TYPES } from './catalogue';

/** One of a customer's claims, as the API sends it and the OpenAPI document describes it. */
export const claimSummarySchema = z.object({
  submissionId: z.uuid(),
  /** null until staff assign one; the UI then shows (TBD) or the confirmation number. */
  claimNumber: z.string().nullable(),
  confirmationNumber: z.string(),
  policyNumber: z.string(),
  productCode: z.enum(PRODUCT_CODES),
  productType: z.enum(PRODUCT_TYPES),
  claimType: z.enum(CLAIM_TYPES),
  benefitAmount: z.number(),
  status: z.enum(CLAIM_STATUSES),
  /** YYYY-MM-DD, null when not set. */
  firstPaymentDate: z.string().nullable(),
  lastPaymentDate: z.string().nullable(),
  /** Reason codes (contracts/claims/reasons.ts words them in each language); empty for none. */
  additionalReasons: z.array(z.string()),
  submittedAt: z.iso.datetime(),
  hasDecisionLetter: z.boolean(),
  /** False after every staff save until the customer opens the claim: the dashboard's red dot. */
  decisionLetterRead: z.boolean(),
  documentCount: z.number().int(),
});

export const claimListSchema = z.object({ claims: z.array(claimSummarySchema) });
