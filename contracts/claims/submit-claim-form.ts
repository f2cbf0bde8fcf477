import * as v from 'valibot';
import { CLAIM_TYPES, PRODUCT_CODES, PRODUCT_TYPES } from './catalogue';
import { CLAIM_DESCRIPTION, POLICY_NUMBER } from './field-rules';

/** The browser's check of the claim form: the same rules and codes as the server's schema, in valibot for a small bundle. */
export const submitClaimFormSchema = v.object({
  policyNumber: v.pipe(
    v.string('required'),
    v.trim(),
    v.minLength(1, 'required'),
    v.maxLength(POLICY_NUMBER.maxLength, 'tooLong'),
    v.regex(POLICY_NUMBER.pattern, 'invalidFormat'),
  ),
  productCode: v.picklist(PRODUCT_CODES, 'invalidChoice'),
  productType: v.picklist(PRODUCT_TYPES, 'invalidChoice'),
  claimType: v.picklist(CLAIM_TYPES, 'invalidChoice'),
  claimDescription: v.pipe(
    v.string('invalidFormat'),
    v.trim(),
    v.maxLength(CLAIM_DESCRIPTION.maxLength, 'tooLong'),
  ),
});

export const FIELD_LIMITS: Record<string, number> = {
  policyNumber: POLICY_NUMBER.maxLength,
  claimDescription: CLAIM_DESCRIPTION.maxLength,
};
