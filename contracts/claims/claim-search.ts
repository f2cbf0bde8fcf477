import { z } from 'zod';
import { CLAIM_STATUSES, CLAIM_TYPES } from './catalogue';

/** Staff search types (staff spec §2, §7). */
export const CLAIM_SEARCH_TYPES = [
  'claimNumber',
  'confirmationNumber',
  'claimType',
  'email',
  'status',
  'name',
  'userId',
] as const;
export type ClaimSearchType = (typeof CLAIM_SEARCH_TYPES)[number];

export const SEARCH_SORT_COLUMNS = [
  'created_at',
  'claim_number',
  'confirmation_number',
  'claim_type',
  'product_type',
  'status',
  'benefit_amount',
  'first_name',
  'last_name',
  'email',
] as const;
export type SearchSortColumn = (typeof SEARCH_SORT_COLUMNS)[number];

export const SEARCH_PAGE_SIZE = 10;

/** Lower-cased, trimmed, accents removed: how names are stored for search and how a query is read. */
export function searchKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** Staff spec §5 "Search" messages, keyed by field error code. */
export const SEARCH_MESSAGES = {
  'search.typeRequired': 'Please select a search type',
  'search.nameRequired': 'Please enter at least a first or last name',
  'search.valueRequired': 'Please enter a search value',
  'search.invalidEmail': 'Please enter a valid email address',
  'search.invalidStatus': 'Please select a claim status',
  'search.invalidClaimType': 'Please select a claim type',
  'search.invalidName': 'Name must be 2 to 50 letters, spaces, hyphens or apostrophes',
} as const;

const NAME = /^(?=.*\p{L})[\p{L}' -]{2,50}$/u;
const optionalText = z.string().trim().optional();

/** GET /api/admin/claims/search query; each refusal names the field and a SEARCH_MESSAGES code. */
export const claimSearchQuerySchema = z
  .object({
    type: z.enum(CLAIM_SEARCH_TYPES, 'search.typeRequired'),
    value: optionalText,
    first: optionalText,
    last: optionalText,
    sort: z.enum(SEARCH_SORT_COLUMNS).default('created_at'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    after: z.string().max(500).optional(),
  })
  .superRefine((query, context) => {
    const issue = (path: string, message: keyof typeof SEARCH_MESSAGES) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (query.type === 'name') {
      if (!query.first && !query.last) issue('first', 'search.nameRequired');
      if (query.first && !NAME.test(query.first)) issue('first', 'search.invalidName');
      if (query.last && !NAME.test(query.last)) issue('last', 'search.invalidName');
      return;
    }
    if (!query.value) return issue('value', 'search.valueRequired');
    if (query.type === 'email' && !query.value.includes('@')) issue('value', 'search.invalidEmail');
    if (query.type === 'status' && !matchCanonical(CLAIM_STATUSES, query.value)) {
      issue('value', 'search.invalidStatus');
    }
    if (query.type === 'claimType' && !matchCanonical(CLAIM_TYPES, query.value)) {
      issue('value', 'search.invalidClaimType');
    }
  });

export type ClaimSearchQuery = z.infer<typeof claimSearchQuerySchema>;

/** The list entry a lower-cased search value stands for, e.g. 'in progress' → 'In Progress'. */
export function matchCanonical<T extends string>(list: readonly T[], value: string): T | undefined {
  return list.find((entry) => entry.toLowerCase() === value.trim().toLowerCase());
}
