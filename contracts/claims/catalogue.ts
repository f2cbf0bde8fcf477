/** Products, credit-product types, claim types and statuses from the spec (customer §1, §3, §4). */

export const PRODUCT_CODES = ['110', '210', '300'] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];
export const PRODUCT_NAMES: Record<ProductCode, string> = {
  '110': 'Life Insurance',
  '210': 'Mortgage Insurance',
  '300': 'Special Coverage',
};

export const PRODUCT_TYPES = ['Mortgage', 'Home Financing', 'Lines of Credit', 'Loans'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const CLAIM_TYPES = ['Disability', 'Job Loss', 'Critical Illness'] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];

export const CLAIM_STATUSES = [
  'Submitted',
  'Pending',
  'Denied',
  'Approved',
  'In Progress',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** A missing or unknown status is shown as Pending (spec §4). */
export function displayStatus(status: string | null | undefined): ClaimStatus {
  return (CLAIM_STATUSES as readonly string[]).includes(status ?? '')
    ? (status as ClaimStatus)
    : 'Pending';
}

/** The fixed organisation value every customer claim carries (spec §3, submitted claim defaults). */
export const COMPANY_ORG_ID = 'claims-portal';
