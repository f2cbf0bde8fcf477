import { z } from 'zod';

/** The Claims History table's columns, each one a sort key (staff spec, Claims History). */
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

/**
 * Far past any claim's versions (10 a page), and small enough that the page's offset is an
 * exact integer: past 2^53 / 10 it would not be, and the document states the bound.
 */
const MAX_HISTORY_PAGE = 100_000;

/** GET /api/admin/claims/{id}/history's query, read by the route and described by the document. */
export const historyQuerySchema = z.object({
  sort: z.enum(HISTORY_COLUMNS, 'invalidChoice').default('version'),
  direction: z.enum(['asc', 'desc'], 'invalidChoice').default('desc'),
  page: z.coerce
    .number('invalidFormat')
    .int('invalidFormat')
    .min(1, 'invalidFormat')
    .max(MAX_HISTORY_PAGE, 'invalidFormat')
    .default(1),
});
