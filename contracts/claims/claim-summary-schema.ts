import { z } from 'zod';
import { CLAIM_STATUSES, CLAIM_TYPES, PRODUCT_CODES, PRODUCT_TYPES } from './catalogue';

/** The wire shape of ClaimSummary, for the OpenAPI document. */
export const claimSummarySchema = z.object({
  submissionId: z.uuid(),
  claimNumber: z.string().nullable(),
  confirmationNumber: z.string(),
  policyNumber: z.string(),
  productCode: z.enum(PRODUCT_CODES),
  productType: z.enum(PRODUCT_TYPES),
  claimType: z.enum(CLAIM_TYPES),
  benefitAmount: z.number(),
  status: z.enum(CLAIM_STATUSES),
  submittedAt: z.iso.datetime(),
  decisionLetterRead: z.boolean(),
});

export const claimListSchema = z.object({ claims: z.array(claimSummarySchema) });
