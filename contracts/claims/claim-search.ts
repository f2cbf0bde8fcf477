import { z } from 'zod';
import { CLAIM_STATUSES, CLAIM_TYPES } from './catalogue';
import {
  CLAIM_SEARCH_TYPES,
  matchCanonical,
  type SEARCH_MESSAGES,
  SEARCH_NAME,
  statusList,
} from './search-rules';

export {
  CLAIM_SEARCH_TYPES,
  type ClaimSearchType,
  matchCanonical,
  SEARCH_MESSAGES,
  SEARCH_PAGE_SIZE,
  searchKey,
} from './search-rules';

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

const optionalText = z.string().trim().optional();

/**
 * GET /api/admin/claims/search query; each refusal names the field and a SEARCH_MESSAGES code.
 * `statuses` (`pending,in progress`) narrows any search type, or alone is the work queue.
 */
export const claimSearchQuerySchema = z
  .object({
    type: z.enum(CLAIM_SEARCH_TYPES, 'search.typeRequired').optional(),
    statuses: z.string().trim().max(100, 'search.invalidStatus').optional(),
    value: optionalText,
    first: optionalText,
    last: optionalText,
    sort: z.enum(SEARCH_SORT_COLUMNS).default('created_at'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    after: z.string().max(500).optional(),
    before: z.string().max(500).optional(),
  })
  .superRefine((query, context) => {
    const issue = (path: string, message: keyof typeof SEARCH_MESSAGES) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (query.statuses && !statusList(query.statuses)) issue('statuses', 'search.invalidStatus');
    if (query.type === undefined) {
      if (!query.statuses) issue('type', 'search.typeRequired');
      return;
    }
    if (query.type === 'name') {
      if (!query.first && !query.last) issue('first', 'search.nameRequired');
      if (query.first && !SEARCH_NAME.test(query.first)) issue('first', 'search.invalidName');
      if (query.last && !SEARCH_NAME.test(query.last)) issue('last', 'search.invalidName');
      return;
    }
    if (!query.value) {
      return issue('value', query.type === 'email' ? 'search.emailEmpty' : 'search.valueRequired');
    }
    if (query.type === 'email' && !query.value.includes('@')) issue('value', 'search.invalidEmail');
    if (query.type === 'status' && !matchCanonical(CLAIM_STATUSES, query.value)) {
      issue('value', 'search.invalidStatus');
    }
    if (query.type === 'claimType' && !matchCanonical(CLAIM_TYPES, query.value)) {
      issue('value', 'search.invalidClaimType');
    }
  })
  .transform(({ statuses, ...query }) => ({
    ...query,
    ...(statuses ? { statuses: statusList(statuses) ?? [] } : {}),
  }));

export type ClaimSearchQuery = z.infer<typeof claimSearchQuerySchema>;
