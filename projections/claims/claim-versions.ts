import type { RecordedEvent } from '@contracts/event-store';
import type { SqlClient } from '../runner/sql';

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

/**
 * Copies the claim's row, just updated in the same transaction, as the version the event
 * made. A version already there is left alone, so applying an event twice changes nothing.
 */
export async function snapshotVersion(
  client: SqlClient,
  recorded: RecordedEvent,
  submissionId: string,
  version: number,
): Promise<void> {
  const actor = recorded.metadata.actor;
  await client.query(
    `insert into claim_versions (
       submission_id, version, claim_number, claim_type, product_type, coverage, status,
       benefit_amount, first_payment_date, last_payment_date, first_name, last_name, email, dob,
       claim_description, additional_reason, confirmation_number, created_at, updated_at,
       updated_by, event_type, initial_document_count, additional_document_count)
     select submission_id, $2, claim_number, claim_type, product_type, product_code, status,
       benefit_amount, first_payment_date, last_payment_date, first_name, last_name, email,
       date_of_birth, claim_description, additional_reason, confirmation_number, created_at, $3,
       $4, $5, initial_document_count, additional_document_count
     from claims where submission_id = $1 and version = $2
     on conflict (submission_id, version) do nothing`,
    [submissionId, version, recorded.metadata.occurredAt, actor.email ?? actor.id, recorded.type],
  );
}

export const HISTORY_COLUMNS = [
  'version',
  'claim_number',
  'claim_type',
  'product_type',
  'status',
  'benefit_amount',
  'first_payment_date',
  'last_payment_date',
  'first_name',
  'last_name',
  'email',
  'dob',
  'coverage',
  'claim_description',
  'additional_reason',
  'confirmation_number',
  'created_at',
  'updated_at',
  'updated_by',
  'initial_document_count',
  'additional_document_count',
] as const;
export type HistoryColumn = (typeof HISTORY_COLUMNS)[number];

export interface HistoryPage {
  readonly rows: Record<HistoryColumn, unknown>[];
  readonly total: number;
}

export const HISTORY_PAGE_SIZE = 10;

/** One page of a claim's versions, sorted by any history column (the list of names is the only SQL it adds). */
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
  const { rows } = await client.query<Record<HistoryColumn, unknown> & { total: string }>(
    `select ${HISTORY_COLUMNS.join(', ')}, count(*) over () as total
     from claim_versions where submission_id = $1
     order by ${column} ${order} nulls last, version ${order}
     limit $2 offset $3`,
    [submissionId, HISTORY_PAGE_SIZE, (Math.max(1, page) - 1) * HISTORY_PAGE_SIZE],
  );
  return {
    rows: rows.map(({ total: _total, ...row }) => row as Record<HistoryColumn, unknown>),
    total: Number(rows[0]?.total ?? 0),
  };
}
