import { HISTORY_COLUMNS, type HistoryColumn } from '@contracts/claims/claim-history-query';
import type { RecordedEvent } from '@contracts/event-store';
import type { SqlClient } from '../runner/sql';
import { BinaryRows, columnTypeOids } from '../runner/copy-binary';
import type { ClaimRow } from './claim-rows';

/** One row per version of a claim: the staff Claims History tab (staff spec §2). */
export const claimVersionsMigration = {
  id: '130-claim-versions',
  sql: `
    create table claim_versions (
      submission_id uuid not null,
      version integer not null,
      claim_number text,
      claim_type text not null,
      product_type text not null,
      coverage text not null,
      status text not null,
      benefit_amount numeric(12, 2) not null,
      first_payment_date date,
      last_payment_date date,
      first_name text not null,
      last_name text not null,
      email text not null,
      dob date not null,
      claim_description text not null,
      additional_reason text,
      confirmation_number text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      updated_by text,
      event_type text not null,
      initial_document_count integer not null,
      additional_document_count integer not null,
      primary key (submission_id, version)
    );
  `,
};

/** A `claim_versions` row as JSON, in the table's column order. */
export interface ClaimVersionRow {
  readonly submission_id: string;
  readonly version: number;
  readonly claim_number: string | null;
  readonly claim_type: string;
  readonly product_type: string;
  readonly coverage: string;
  readonly status: string;
  readonly benefit_amount: number;
  readonly first_payment_date: string | null;
  readonly last_payment_date: string | null;
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly dob: string;
  readonly claim_description: string;
  readonly additional_reason: string | null;
  readonly confirmation_number: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly updated_by: string | null;
  readonly event_type: string;
  readonly initial_document_count: number;
  readonly additional_document_count: number;
}

export const VERSION_COLUMNS = [
  'submission_id',
  'version',
  'claim_number',
  'claim_type',
  'product_type',
  'coverage',
  'status',
  'benefit_amount',
  'first_payment_date',
  'last_payment_date',
  'first_name',
  'last_name',
  'email',
  'dob',
  'claim_description',
  'additional_reason',
  'confirmation_number',
  'created_at',
  'updated_at',
  'updated_by',
  'event_type',
  'initial_document_count',
  'additional_document_count',
] as const satisfies readonly (keyof ClaimVersionRow)[];

/**
 * Each version column's type, as the migration declares it: a rebuild encodes version rows
 * as it folds them, before it holds a connection to look the types up. `copyEncoded` checks
 * them against the table before it sends a row.
 */
const VERSION_COLUMN_TYPES = columnTypeOids<ClaimVersionRow>({
  submission_id: 'uuid',
  version: 'integer',
  claim_number: 'text',
  claim_type: 'text',
  product_type: 'text',
  coverage: 'text',
  status: 'text',
  benefit_amount: 'numeric',
  first_payment_date: 'date',
  last_payment_date: 'date',
  first_name: 'text',
  last_name: 'text',
  email: 'text',
  dob: 'date',
  claim_description: 'text',
  additional_reason: 'text',
  confirmation_number: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  updated_by: 'text',
  event_type: 'text',
  initial_document_count: 'integer',
  additional_document_count: 'integer',
});

/** Version rows encoded for COPY as they are added (see `copyEncoded`). */
export const encodedVersionRows = () =>
  new BinaryRows(
    VERSION_COLUMNS,
    VERSION_COLUMNS.map((column) => VERSION_COLUMN_TYPES[column]),
  );

/** The claim as the event left it, stamped with when, by whom and by which event. */
export function versionRow(row: ClaimRow, recorded: RecordedEvent): ClaimVersionRow {
  const actor = recorded.metadata.actor;
  return {
    submission_id: row.submission_id,
    version: row.version,
    claim_number: row.claim_number,
    claim_type: row.claim_type,
    product_type: row.product_type,
    coverage: row.product_code,
    status: row.status,
    benefit_amount: row.benefit_amount,
    first_payment_date: row.first_payment_date,
    last_payment_date: row.last_payment_date,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    dob: row.date_of_birth,
    claim_description: row.claim_description,
    additional_reason: row.additional_reason,
    confirmation_number: row.confirmation_number,
    created_at: row.created_at,
    updated_at: recorded.metadata.occurredAt,
    updated_by: actor.email ?? actor.id,
    event_type: recorded.type,
    initial_document_count: row.initial_document_count,
    additional_document_count: row.additional_document_count,
  };
}

export { HISTORY_COLUMNS, type HistoryColumn };

/** Columns every version changes by nature, so they are never highlighted as a change. */
const BOOKKEEPING_COLUMNS: readonly HistoryColumn[] = ['version', 'updated_at', 'updated_by'];
const COMPARED_COLUMNS = HISTORY_COLUMNS.filter((c) => !BOOKKEEPING_COLUMNS.includes(c));

export interface HistoryPage {
  /** Each version, with `changed`: the columns whose value differs from the version before it. */
  readonly rows: (Record<HistoryColumn, unknown> & { readonly changed: HistoryColumn[] })[];
  readonly total: number;
}

const HISTORY_PAGE_SIZE = 10;

/** Date-only columns leave Postgres as YYYY-MM-DD text: pg would make a Date at local midnight. */
const DATE_ONLY_COLUMNS: readonly HistoryColumn[] = [
  'first_payment_date',
  'last_payment_date',
  'dob',
];
const selectedColumnsSql = HISTORY_COLUMNS.map((column) =>
  DATE_ONLY_COLUMNS.includes(column) ? `to_char(${column}, 'YYYY-MM-DD') as ${column}` : column,
).join(', ');

const changedColumnsSql = `array_remove(array[${COMPARED_COLUMNS.map(
  (column) =>
    `case when ${column} is distinct from lag(${column}) over by_version then '${column}' end`,
).join(', ')}], null)`;

/**
 * One page of a claim's versions, sorted by any history column (the list of names is the
 * only SQL it adds). What each version changed is found against the one before it in
 * version order, whatever the page's order.
 */
export async function claimHistory(
  client: SqlClient,
  submissionId: string,
  {
    sort = 'version',
    direction = 'desc',
    page = 1,
  }: { sort?: HistoryColumn; direction?: 'asc' | 'desc'; page?: number } = {},
): Promise<HistoryPage> {
  const column = HISTORY_COLUMNS.includes(sort) ? sort : 'version';
  const order = direction === 'asc' ? 'asc' : 'desc';
  const { rows } = await client.query<
    Record<HistoryColumn, unknown> & { total: string; changed: HistoryColumn[] }
  >(
    `with versions as (
       select ${selectedColumnsSql},
              case when version = 1 then '{}'::text[] else ${changedColumnsSql} end as changed
       from claim_versions where submission_id = $1
       window by_version as (order by version)
     )
     select *, count(*) over () as total from versions
     order by ${column} ${order} nulls last, version ${order}
     limit $2 offset $3`,
    [submissionId, HISTORY_PAGE_SIZE, (Math.max(1, page) - 1) * HISTORY_PAGE_SIZE],
  );
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    total: Number(rows[0]?.total ?? 0),
  };
}
