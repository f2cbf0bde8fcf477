import { CLAIM_STATUSES, CLAIM_TYPES, type ClaimStatus } from '@contracts/claims/catalogue';
import {
  CLAIM_SEARCH_TYPES,
  type ClaimSearchType,
  matchCanonical,
  SEARCH_MESSAGES,
  SEARCH_NAME,
  statusList,
  statusParam,
} from '@contracts/claims/search-rules';

/** What the staff search form holds, as typed. */
export interface SearchFormValues {
  readonly type: string;
  readonly value: string;
  readonly first: string;
  readonly last: string;
}

export type SearchField = keyof SearchFormValues;
export type SearchFormErrors = Partial<Record<SearchField, string>>;

export type QueueOrder = 'newest' | 'oldest';

/** The work queue's narrowing (decision 064): statuses ticked, and the order. */
export interface QueueValues {
  readonly statuses: readonly ClaimStatus[];
  readonly order: QueueOrder;
}

/**
 * A checked search: the URL query of the results page, values trimmed and lower-cased.
 * Without a type it is the work queue: the statuses alone.
 */
export interface SearchQuery {
  readonly type?: ClaimSearchType;
  readonly value?: string;
  readonly first?: string;
  readonly last?: string;
  readonly statuses?: readonly ClaimStatus[];
  readonly order?: 'oldest';
}

export const EMPTY_SEARCH: SearchFormValues = { type: '', value: '', first: '', last: '' };
export const ANY_STATUS: QueueValues = { statuses: [], order: 'newest' };

const isSearchType = (type: string): type is ClaimSearchType =>
  (CLAIM_SEARCH_TYPES as readonly string[]).includes(type);
const message = (code: keyof typeof SEARCH_MESSAGES) => SEARCH_MESSAGES[code];
const normalize = (text: string) => text.trim().toLowerCase();

type Checked = { readonly query: SearchQuery } | { readonly errors: SearchFormErrors };

/**
 * Staff spec §5 "Search", the same rules the API applies, with its messages. Ticked statuses
 * narrow any type, or stand alone as the work queue.
 */
export function checkSearch(values: SearchFormValues, queue: QueueValues = ANY_STATUS): Checked {
  const narrowing: Pick<SearchQuery, 'statuses' | 'order'> = {
    ...(queue.statuses.length > 0 ? { statuses: queue.statuses } : {}),
    ...(queue.order === 'oldest' ? { order: 'oldest' as const } : {}),
  };
  const checked = checkType(values);
  if ('errors' in checked && !values.type && narrowing.statuses) return { query: narrowing };
  return 'query' in checked ? { query: { ...checked.query, ...narrowing } } : checked;
}

function checkType(values: SearchFormValues): Checked {
  const { type } = values;
  if (!isSearchType(type)) return { errors: { type: message('search.typeRequired') } };
  if (type === 'name') return checkName(values);
  const value = normalize(values.value);
  const error = valueError(type, value);
  return error ? { errors: { value: error } } : { query: { type, value } };
}

function checkName(values: SearchFormValues) {
  const first = normalize(values.first);
  const last = normalize(values.last);
  if (!first && !last) return { errors: { first: message('search.nameRequired') } };
  const errors: SearchFormErrors = {};
  if (first && !SEARCH_NAME.test(first)) errors.first = message('search.invalidName');
  if (last && !SEARCH_NAME.test(last)) errors.last = message('search.invalidName');
  if (errors.first || errors.last) return { errors };
  return { query: { type: 'name' as const, ...(first && { first }), ...(last && { last }) } };
}

function valueError(type: ClaimSearchType, value: string): string | undefined {
  switch (type) {
    case 'email':
      if (!value) return message('search.emailEmpty');
      return value.includes('@') ? undefined : message('search.invalidEmail');
    case 'status':
      return matchCanonical(CLAIM_STATUSES, value) ? undefined : message('search.invalidStatus');
    case 'claimType':
      return matchCanonical(CLAIM_TYPES, value) ? undefined : message('search.invalidClaimType');
    case 'claimNumber':
    case 'confirmationNumber':
    case 'userId':
    case 'name':
      return value ? undefined : message('search.valueRequired');
    default: {
      const unreachable: never = type;
      return unreachable;
    }
  }
}

export interface SearchPaging {
  readonly page?: number;
  readonly after?: string;
  readonly before?: string;
}

/** The results page of a search; `page` and a cursor make deeper pages bookmarkable. */
export function resultsUrl(query: SearchQuery, paging: SearchPaging = {}): string {
  return `/admin/search?${searchParams(query, paging)}`;
}

/** The query string of a search: its type, values, statuses, order, page number and cursor. */
export function searchParams(query: SearchQuery, paging: SearchPaging = {}): URLSearchParams {
  const params = new URLSearchParams(query.type ? { type: query.type } : {});
  for (const key of ['value', 'first', 'last'] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (query.statuses) params.set('statuses', statusParam(query.statuses));
  if (query.order) params.set('order', query.order);
  if (paging.page && paging.page > 1) params.set('page', String(paging.page));
  if (paging.after) params.set('after', paging.after);
  if (paging.before) params.set('before', paging.before);
  return params;
}

/** The form's values back from a results page URL, so a new search starts from the last one. */
export function valuesFromParams(params: URLSearchParams): SearchFormValues {
  return {
    type: params.get('type') ?? '',
    value: params.get('value') ?? '',
    first: params.get('first') ?? '',
    last: params.get('last') ?? '',
  };
}

/** The statuses and order of a results page URL; a status not in the list is left out. */
export function queueFromParams(params: URLSearchParams): QueueValues {
  const named = params.getAll('statuses').flatMap((text) => text.split(','));
  return {
    statuses: CLAIM_STATUSES.filter((status) =>
      named.some((name) => statusList(name)?.includes(status)),
    ),
    order: params.get('order') === 'oldest' ? 'oldest' : 'newest',
  };
}
