import { describeAdditionalReason } from '@contracts/claims/reasons';
import type { HistoryColumn } from '@projections/claims/claim-versions';
import { formatCad, isoDay } from '../format';

/** The Claims History columns of staff spec §2, in its order, with their headings. */
export const HISTORY_HEADINGS: Readonly<Record<HistoryColumn, string>> = {
  version: 'Version',
  claim_number: 'Claim number',
  claim_type: 'Claim type',
  product_type: 'Product type',
  status: 'Status',
  benefit_amount: 'Benefit amount',
  first_payment_date: 'First payment date',
  last_payment_date: 'Last payment date',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  dob: 'Date of birth',
  coverage: 'Coverage',
  claim_description: 'Claim description',
  additional_reason: 'Additional reason',
  confirmation_number: 'Confirmation number',
  created_at: 'Created at',
  updated_at: 'Updated at',
  updated_by: 'Updated by',
  initial_document_count: 'Initial documents',
  additional_document_count: 'Additional documents',
};

export const HISTORY_COLUMN_ORDER = Object.keys(HISTORY_HEADINGS) as HistoryColumn[];

/** Calendar days: shown as sent, never through a Date (it would shift a day west of UTC). */
const DAY_COLUMNS: ReadonlySet<HistoryColumn> = new Set([
  'first_payment_date',
  'last_payment_date',
  'dob',
]);
/** Instants: shown as the day in the staff member's time zone. */
const MOMENT_COLUMNS: ReadonlySet<HistoryColumn> = new Set(['created_at', 'updated_at']);

/** A history cell as text: dates as YYYY-MM-DD (staff spec), amounts in CAD, nothing as a dash. */
export function historyCell(column: HistoryColumn, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (DAY_COLUMNS.has(column)) return String(value);
  if (MOMENT_COLUMNS.has(column)) return isoDay(String(value));
  if (column === 'benefit_amount') return formatCad(Number(value));
  if (column === 'additional_reason')
    return describeAdditionalReason(String(value), 'en').join('; ');
  return String(value);
}
