import { searchKey } from '@contracts/claims/claim-search';
import type { DocumentRef } from '@contracts/claims/documents';
import type { ClaimEvent, StaffClaimChanges, StaffClaimField } from '@contracts/claims/events';
import { assertNever } from '@contracts/assert-never';

/** A `claims` row as JSON: what `row_to_json` gives and `json_populate_recordset` takes. */
export interface ClaimRow {
  readonly submission_id: string;
  readonly customer_id: string;
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly date_of_birth: string;
  readonly claim_number: string | null;
  readonly confirmation_number: string;
  readonly policy_number: string;
  readonly product_code: string;
  readonly product_type: string;
  readonly claim_type: string;
  readonly claim_description: string;
  readonly benefit_amount: number;
  readonly status: string;
  readonly additional_reason: string | null;
  readonly first_payment_date: string | null;
  readonly last_payment_date: string | null;
  readonly payment_count: number;
  readonly monthly_payment: number;
  readonly decision_letter_read: boolean;
  readonly org_id: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly version: number;
  readonly eob_path: string | null;
  readonly decision_letter: unknown;
  readonly initial_documents: readonly DocumentRef[];
  readonly initial_document_count: number;
  readonly initial_document_total_size: number;
  readonly additional_documents: readonly DocumentRef[];
  readonly additional_document_count: number;
  readonly additional_document_total_size: number;
  readonly updated_by: string | null;
  readonly search_first_name: string;
  readonly search_last_name: string;
}

export const CLAIM_COLUMNS = [
  'submission_id',
  'customer_id',
  'email',
  'first_name',
  'last_name',
  'date_of_birth',
  'claim_number',
  'confirmation_number',
  'policy_number',
  'product_code',
  'product_type',
  'claim_type',
  'claim_description',
  'benefit_amount',
  'status',
  'additional_reason',
  'first_payment_date',
  'last_payment_date',
  'payment_count',
  'monthly_payment',
  'decision_letter_read',
  'org_id',
  'created_at',
  'updated_at',
  'version',
  'eob_path',
  'decision_letter',
  'initial_documents',
  'initial_document_count',
  'initial_document_total_size',
  'additional_documents',
  'additional_document_count',
  'additional_document_total_size',
  'updated_by',
  'search_first_name',
  'search_last_name',
] as const satisfies readonly (keyof ClaimRow)[];

const totalSize = (documents: readonly DocumentRef[]) =>
  documents.reduce((sum, document) => sum + document.size, 0);

/**
 * The claim row after one event, the event being the claim's `version`-th. Returns the
 * same row (or null) when the event changes nothing: a second submission, or an event of
 * a claim that has no row.
 */
export function evolveClaimRow(
  row: ClaimRow | null,
  event: ClaimEvent,
  version: number,
): ClaimRow | null {
  if (event.type === 'ClaimSubmitted') return row ?? submittedRow(event.data, version);
  if (!row) return row;
  switch (event.type) {
    case 'AdditionalDocumentsAdded': {
      const { documents, addedAt } = event.data;
      return {
        ...row,
        additional_documents: [...row.additional_documents, ...documents],
        additional_document_count: row.additional_document_count + documents.length,
        additional_document_total_size: row.additional_document_total_size + totalSize(documents),
        updated_at: addedAt,
        version,
      };
    }
    case 'ClaimAmendedByStaff':
      return {
        ...row,
        ...amendedColumns(event.data.changes),
        updated_at: event.data.amendedAt,
        updated_by: event.data.amendedBy.email,
        version,
      };
    case 'DecisionLetterUploaded': {
      const { key, fileName, size, sha256 } = event.data;
      return { ...row, decision_letter: { key, fileName, size, sha256 }, version };
    }
    case 'DecisionLetterRead':
      return { ...row, decision_letter_read: true, version };
    default:
      return assertNever(event);
  }
}

function submittedRow(
  data: Extract<ClaimEvent, { type: 'ClaimSubmitted' }>['data'],
  version: number,
): ClaimRow {
  return {
    submission_id: data.submissionId,
    customer_id: data.claimant.customerId,
    email: data.claimant.email,
    first_name: data.claimant.firstName,
    last_name: data.claimant.lastName,
    date_of_birth: data.claimant.dateOfBirth,
    claim_number: null,
    confirmation_number: data.confirmationNumber,
    policy_number: data.policyNumber,
    product_code: data.productCode,
    product_type: data.productType,
    claim_type: data.claimType,
    claim_description: data.claimDescription,
    benefit_amount: 0,
    status: 'Submitted',
    additional_reason: null,
    first_payment_date: null,
    last_payment_date: null,
    payment_count: 0,
    monthly_payment: 0,
    decision_letter_read: true,
    org_id: data.orgId,
    created_at: data.submittedAt,
    updated_at: data.submittedAt,
    version,
    eob_path: null,
    decision_letter: null,
    initial_documents: data.documents,
    initial_document_count: data.documents.length,
    initial_document_total_size: totalSize(data.documents),
    additional_documents: [],
    additional_document_count: 0,
    additional_document_total_size: 0,
    updated_by: null,
    search_first_name: searchKey(data.claimant.firstName),
    search_last_name: searchKey(data.claimant.lastName),
  };
}

/** Column of each field a staff save may change. */
const COLUMNS: Readonly<Record<StaffClaimField, keyof ClaimRow>> = {
  claimNumber: 'claim_number',
  benefitAmount: 'benefit_amount',
  firstPaymentDate: 'first_payment_date',
  lastPaymentDate: 'last_payment_date',
  status: 'status',
  additionalReason: 'additional_reason',
  eobPath: 'eob_path',
  decisionLetterRead: 'decision_letter_read',
};

function amendedColumns(changes: StaffClaimChanges): Partial<ClaimRow> {
  const columns: Record<string, unknown> = {};
  for (const field of Object.keys(COLUMNS) as StaffClaimField[]) {
    const change = changes[field];
    if (change !== undefined) columns[COLUMNS[field]] = columnValue(field, change.to);
  }
  return columns as Partial<ClaimRow>;
}

/** Empty strings are stored as null, as the submitted defaults are. */
function columnValue(field: StaffClaimField, value: unknown): unknown {
  if ((field === 'claimNumber' || field === 'additionalReason') && value === '') return null;
  return value;
}
