import { z } from 'zod';
import { CLAIM_TYPES, PRODUCT_CODES, PRODUCT_TYPES } from './catalogue';
import { CLAIM_DESCRIPTION, POLICY_NUMBER } from './field-rules';

/**
 * Body of POST /api/claims. Who the claimant is never comes from here: the server takes
 * it from the session. Issue messages are field error codes (errors.field.{code}).
 */
export const submitClaimRequestSchema = z.object({
  policyNumber: z
    .string('required')
    .trim()
    .min(1, 'required')
    .max(POLICY_NUMBER.maxLength, 'tooLong')
    .regex(POLICY_NUMBER.pattern, 'invalidFormat'),
  productCode: z.enum(PRODUCT_CODES, 'invalidChoice'),
  productType: z.enum(PRODUCT_TYPES, 'invalidChoice'),
  claimType: z.enum(CLAIM_TYPES, 'invalidChoice'),
  claimDescription: z
    .string('invalidFormat')
    .trim()
    .max(CLAIM_DESCRIPTION.maxLength, 'tooLong')
    .default(''),
});

export type SubmitClaimRequest = z.infer<typeof submitClaimRequestSchema>;

export const submitClaimResponseSchema = z.object({
  submissionId: z.uuid(),
  confirmationNumber: z.string(),
});
