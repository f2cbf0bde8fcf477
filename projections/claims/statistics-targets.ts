/**
 * No planner statistics for the read models' columns that no query filters, joins or sorts
 * on (documents, letters, free text, payment details, counts; every version column but the
 * key). ANALYZE samples the rows once per table, then spends most of its time on each
 * column's statistics, the documents' jsonb most: `analyze claims` on 298,000 rows took
 * 0.90 s with all 36 columns and 0.53 s without these 20; `claim_versions`, 0.45 s and
 * 0.16 s. A rebuild ends on those analyzes, and autovacuum runs them on the live tables
 * (issue 30). A query that comes to filter on one of these columns needs its target back
 * (`alter table … alter column … set statistics -1`).
 */
const CLAIMS_COLUMNS_WITHOUT_STATISTICS = [
  'date_of_birth',
  'policy_number',
  'product_code',
  'claim_description',
  'additional_reason',
  'first_payment_date',
  'last_payment_date',
  'payment_count',
  'monthly_payment',
  'decision_letter_read',
  'updated_at',
  'eob_path',
  'decision_letter',
  'initial_documents',
  'initial_document_count',
  'initial_document_total_size',
  'additional_documents',
  'additional_document_count',
  'additional_document_total_size',
  'updated_by',
] as const;

/** Read one claim at a time, by its key; the History tab sorts those few rows in memory. */
const VERSION_COLUMNS_WITHOUT_STATISTICS = [
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
] as const;

const noStatistics = (table: string, columns: readonly string[]) =>
  `alter table ${table} ${columns.map((column) => `alter column ${column} set statistics 0`).join(', ')};`;

export const readModelStatisticsMigration = {
  id: '148-read-model-statistics-targets',
  sql: `
    ${noStatistics('claims', CLAIMS_COLUMNS_WITHOUT_STATISTICS)}
    ${noStatistics('claim_versions', VERSION_COLUMNS_WITHOUT_STATISTICS)}
  `,
};
