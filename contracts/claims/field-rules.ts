/**
 * Field rules of the claim form, written once. The server's zod schema and the browser's
 * valibot schema are both built from these constants.
 */
export const POLICY_NUMBER = { maxLength: 20, pattern: /^[A-Za-z0-9-]+$/ } as const;
export const CLAIM_DESCRIPTION = { maxLength: 1000 } as const;
