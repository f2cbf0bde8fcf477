import { emailLookupKey } from '@contracts/identity/canonical-email';
import { CLAIM_STATUSES, CLAIM_TYPES } from '@contracts/claims/catalogue';
import {
  type ClaimSearchQuery,
  matchCanonical,
  SEARCH_PAGE_SIZE,
  type SearchSortColumn,
  searchKey,
} from '@contracts/claims/claim-search';
import { ValidationError } from '@contracts/errors';
import type { SqlClient } from '../runner/sql';

/** Names kept accent-free for search, and an index per search type. */
export const staffSearchMigration = {
  id: '140-claims-staff-search',
  sql: `
    alter table claims
      add column search_first_name text not null default '',
      add column search_last_name text not null default '';
    -- Rows projected before this migration: lower case only; a rebuild fills the accent-free form.
    update claims set search_first_name = lower(first_name), search_last_name = lower(last_name);
    create index claims_newest on claims (created_at desc, submission_id desc);
    create index claims_confirmation_number on claims (confirmation_number);
    create index claims_email_newest on claims (email, created_at desc, submission_id desc);
    create index claims_status_newest on claims (status, created_at desc, submission_id desc);
    create index claims_type_newest on claims (claim_type, created_at desc, submission_id desc);
    create index claims_last_first_name on claims (search_last_name text_pattern_ops, search_first_name text_pattern_ops);
    create index claims_first_name on claims (search_first_name text_pattern_ops);
  `,
};

export interface SearchRow {
  readonly submissionId: string;
  readonly claimNumber: string | null;
  readonly confirmationNumber: string;
  readonly claimType: string;
  readonly productType: string;
  readonly status: string;
  readonly benefitAmount: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly userId: string;
  readonly submittedAt: string;
}

export interface SearchPage {
  readonly rows: readonly SearchRow[];
  /** Pass as `after` for the next page; absent on the last page. */
  readonly nextCursor?: string;
  /** Pass as `before` for the previous page; absent on the first page. */
  readonly previousCursor?: string;
}

interface Filter {
  readonly sql: string;
  readonly values: readonly unknown[];
}

/** The WHERE clause of a search type; values are parameters, never SQL text. */
function filterFor(query: ClaimSearchQuery): Filter {
  const value = query.value ?? '';
  switch (query.type) {
    case undefined:
      return { sql: 'true', values: [] };
    case 'claimNumber':
      return { sql: 'claim_number = $1', values: [value.toUpperCase()] };
    case 'confirmationNumber':
      return { sql: 'confirmation_number = $1', values: [value.toUpperCase()] };
    case 'claimType':
      return { sql: 'claim_type = $1', values: [matchCanonical(CLAIM_TYPES, value)] };
    case 'email':
      // The form accounts and claims hold it in: a full-width or IDN spelling finds them too.
      return { sql: 'email = $1', values: [emailLookupKey(value)] };
    case 'status':
      return { sql: 'status = $1', values: [matchCanonical(CLAIM_STATUSES, value)] };
    case 'userId':
      return { sql: 'customer_id = $1', values: [value] };
    case 'name': {
      const parts: string[] = [];
      const values: string[] = [];
      for (const [column, name] of [
        ['search_first_name', query.first],
        ['search_last_name', query.last],
      ] as const) {
        if (!name) continue;
        values.push(`${escapeLike(searchKey(name))}%`);
        parts.push(`${column} like $${values.length}`);
      }
      return { sql: parts.join(' and '), values };
    }
  }
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Where a page ended, and the order it was read in: a cursor is only good for that order. */
interface Cursor {
  readonly sort: SearchSortColumn;
  readonly direction: 'asc' | 'desc';
  readonly value: unknown;
  readonly id: string;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** Whether a cursor's value can be compared with the sort column: anything else would reach SQL as a type error. */
function fitsColumn(value: unknown, sort: SearchSortColumn): boolean {
  if (sort === 'created_at')
    return typeof value === 'string' && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value));
  if (sort === 'benefit_amount') {
    return (
      (typeof value === 'number' && Number.isFinite(value)) ||
      (typeof value === 'string' && /^-?\d{1,12}(\.\d{1,2})?$/.test(value))
    );
  }
  return typeof value === 'string' && value.length <= 200;
}

/** A paging cursor as this search wrote it, else a 400: never a half-read cursor sent to the database. */
function decodeCursor(
  field: 'after' | 'before',
  text: string | undefined,
  query: ClaimSearchQuery,
): Cursor | undefined {
  if (!text) return undefined;
  const invalid = () => new ValidationError([{ field, code: 'invalidCursor' }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof parsed !== 'object' || parsed === null) throw invalid();
  const { sort, direction, id, value } = parsed as Record<string, unknown>;
  if (sort !== query.sort || direction !== query.direction) throw invalid();
  if (typeof id !== 'string' || !UUID.test(id) || !fitsColumn(value, query.sort)) throw invalid();
  return { sort: query.sort, direction: query.direction, id, value };
}

const SORT_EXPRESSION: Record<SearchSortColumn, string> = {
  created_at: 'created_at',
  claim_number: "coalesce(claim_number, '')",
  confirmation_number: 'confirmation_number',
  claim_type: 'claim_type',
  product_type: 'product_type',
  status: 'status',
  benefit_amount: 'benefit_amount',
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
};

/**
 * One page of the staff search, keyset-paged on (sort column, submission id): the next page
 * starts strictly after the last row of this one, so deep pages cost what the first does.
 * `before` walks back: the rows just ahead of a page's first row, read in reverse.
 */
export async function searchClaims(
  client: SqlClient,
  query: ClaimSearchQuery,
): Promise<SearchPage> {
  const filter = filterFor(query);
  const sort = SORT_EXPRESSION[query.sort];
  const backwards = query.before !== undefined && query.after === undefined;
  const forwardAscending = query.direction === 'asc';
  const ascending = backwards ? !forwardAscending : forwardAscending;
  const direction = ascending ? 'asc' : 'desc';
  const values: unknown[] = [...filter.values];
  let keyset = '';
  const cursor = backwards
    ? decodeCursor('before', query.before, query)
    : decodeCursor('after', query.after, query);
  if (cursor) {
    values.push(cursor.value, cursor.id);
    const operator = ascending ? '>' : '<';
    keyset = ` and (${sort}, submission_id) ${operator} ($${values.length - 1}, $${values.length}::uuid)`;
  }
  values.push(SEARCH_PAGE_SIZE + 1);
  const limit = `$${values.length}`;
  const order = `order by ${sort} ${direction}, submission_id ${direction}`;
  const where = `${filter.sql}${keyset}`;
  const sql = query.statuses
    ? byStatus(query.statuses, values, { sort, where, order, limit, direction })
    : `select ${COLUMNS}, ${sort} as sort_value from claims where ${where} ${order} limit ${limit}`;
  const { rows } = await client.query<Record<string, unknown>>(sql, values);
  const more = rows.length > SEARCH_PAGE_SIZE;
  const page = rows.slice(0, SEARCH_PAGE_SIZE);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const hasNext = backwards ? cursor !== undefined : more;
  const hasPrevious = backwards ? more : cursor !== undefined;
  const cursorOf = (row: Record<string, unknown>) =>
    encodeCursor({
      sort: query.sort,
      direction: query.direction,
      value: sortValue(row.sort_value),
      id: String(row.submission_id),
    });
  return {
    rows: page.map(toSearchRow),
    ...(hasNext && last ? { nextCursor: cursorOf(last) } : {}),
    ...(hasPrevious && first ? { previousCursor: cursorOf(first) } : {}),
  };
}

const COLUMNS = `submission_id, claim_number, confirmation_number, claim_type, product_type, status,
  benefit_amount, first_name, last_name, email, customer_id, created_at`;

interface PageSql {
  readonly sort: string;
  readonly where: string;
  readonly order: string;
  readonly limit: string;
  readonly direction: 'asc' | 'desc';
}

/**
 * A page of claims in any of several statuses (their values pushed onto `values`): one page
 * per status, each read from its (status, sort column) index, then merged. A single `status = any(…)` scan could not use the
 * index order and would sort every claim of those statuses (decision 064).
 */
function byStatus(statuses: readonly string[], values: unknown[], page: PageSql): string {
  const branches = statuses.map((status) => {
    values.push(status);
    return `(select ${COLUMNS}, ${page.sort} as sort_value
      from claims where status = $${values.length} and ${page.where} ${page.order} limit ${page.limit})`;
  });
  return `select * from (${branches.join(' union all ')}) as queued
    order by sort_value ${page.direction}, submission_id ${page.direction} limit ${page.limit}`;
}

const sortValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

function toSearchRow(row: Record<string, unknown>): SearchRow {
  return {
    submissionId: String(row.submission_id),
    claimNumber: (row.claim_number as string | null) || null,
    confirmationNumber: String(row.confirmation_number),
    claimType: String(row.claim_type),
    productType: String(row.product_type),
    status: String(row.status),
    benefitAmount: Number(row.benefit_amount),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    email: String(row.email),
    userId: String(row.customer_id),
    submittedAt: (row.created_at as Date).toISOString(),
  };
}
