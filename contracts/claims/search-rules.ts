/**
 * The staff search rules without zod, so the admin search form can check what the API will
 * (staff spec §2, §5) without shipping the server's schema library.
 */
import { CLAIM_STATUSES, type ClaimStatus } from './catalogue';

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

export const SEARCH_PAGE_SIZE = 10;

const PLAIN_ASCII = /^[\x20-\x5d\x5f\x61-\x7e]*$/;

/** Lower-cased, trimmed, accents removed: how names are stored for search and how a query is read. */
export function searchKey(value: string): string {
  // Printable ASCII but ^ and ` (the two accents ASCII holds): NFD leaves it as it is and no
  // accent is there to remove. Most names are such, and a rebuild keys 600,000 of them.
  if (PLAIN_ASCII.test(value)) return value.toLowerCase().trim();
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
  'search.emailEmpty': 'Email search value cannot be empty',
  'search.invalidStatus': 'Please select a claim status',
  'search.invalidClaimType': 'Please select a claim type',
  'search.invalidName': 'Name must be 2 to 50 letters, spaces, hyphens or apostrophes',
} as const;

/**
 * A name search value: 2 to 50 letters of any script with their marks, spaces, hyphens or
 * apostrophes, one letter at least; or one ideograph, a whole name in itself (decision 116).
 */
export const SEARCH_NAME = /^(?:(?=.*\p{L})[\p{L}\p{M}'’ -]{2,50}|\p{Script=Han})$/u;

/** "Waiting longest first" (decision 064): oldest submission first, as the API sorts it. */
export const WAITING_LONGEST = { sort: 'created_at', direction: 'asc' } as const;

/** Statuses a claim still waits in: the work queue's default filter (decision 064). */
export const OPEN_STATUSES: readonly ClaimStatus[] = ['Submitted', 'Pending', 'In Progress'];

/**
 * A status filter as the URL carries it, `pending,in progress`: the statuses in list order,
 * each once; undefined when the text is empty or names anything else.
 */
export function statusList(text: string): ClaimStatus[] | undefined {
  const named = text.split(',').map((part) => part.trim());
  const statuses = named.map((part) => matchCanonical(CLAIM_STATUSES, part));
  if (named.length === 0 || statuses.some((status) => status === undefined)) return undefined;
  return CLAIM_STATUSES.filter((status) => statuses.includes(status));
}

/** The URL form of a status filter, the reverse of `statusList`. */
export const statusParam = (statuses: readonly ClaimStatus[]) =>
  statuses.map((status) => status.toLowerCase()).join(',');

/** The list entry a lower-cased search value stands for, e.g. 'in progress' → 'In Progress'. */
export function matchCanonical<T extends string>(list: readonly T[], value: string): T | undefined {
  return list.find((entry) => entry.toLowerCase() === value.trim().toLowerCase());
}
