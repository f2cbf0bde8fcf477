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

const DATE_COLUMNS: ReadonlySet<HistoryColumn> = new Set([
  'first_payment_date',
  'last_payment_date',
  'dob',
  'created_at',
  'updated_at',
]);
const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A history cell as text: dates as YYYY-MM-DD (staff spec), amounts in CAD, nothing as a dash. */
export function historyCell(column: HistoryColumn, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (DATE_COLUMNS.has(column)) {
    const text = String(value);
    return PLAIN_DAY.test(text) ? text : isoDay(text);
  }
  if (column === 'benefit_amount') return formatCad(Number(value));
  if (column === 'additional_reason')
    return describeAdditionalReason(String(value), 'en').join('; ');
  return String(value);
}
