import { searchKey } from '@contracts/claims/claim-search';
import type { DocumentRef } from '@contracts/claims/documents';
import type {
  AdditionalDocumentsAdded,
  ClaimAmendedByStaff,
  ClaimSubmitted,
  DecisionLetterRead,
  DecisionLetterUploaded,
  StaffClaimField,
} from '@contracts/claims/events';
import type { SqlClient } from '../runner/sql';

const totalSize = (documents: readonly DocumentRef[]) =>
  documents.reduce((sum, document) => sum + document.size, 0);

// "on conflict do nothing": applying the same event twice changes nothing.
export async function insertSubmittedClaim(
  client: SqlClient,
  data: ClaimSubmitted['data'],
  version: number,
): Promise<void> {
  await client.query(
    `insert into claims (
       submission_id, customer_id, email, first_name, last_name, date_of_birth,
       confirmation_number, policy_number, product_code, product_type, claim_type,
       claim_description, status, org_id, created_at, updated_at, version,
       initial_documents, initial_document_count, initial_document_total_size,
       search_first_name, search_last_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'Submitted', $13, $14, $14, $15,
       $16::jsonb, $17, $18, $19, $20)
     on conflict (submission_id) do nothing`,
    [
      data.submissionId,
      data.claimant.customerId,
      data.claimant.email,
      data.claimant.firstName,
      data.claimant.lastName,
      data.claimant.dateOfBirth,
      data.confirmationNumber,
      data.policyNumber,
      data.productCode,
      data.productType,
      data.claimType,
      data.claimDescription,
      data.orgId,
      data.submittedAt,
      version,
      JSON.stringify(data.documents),
      data.documents.length,
      totalSize(data.documents),
      searchKey(data.claimant.firstName),
      searchKey(data.claimant.lastName),
    ],
  );
}

export async function addAdditionalDocuments(
  client: SqlClient,
  data: AdditionalDocumentsAdded['data'],
  version: number,
): Promise<void> {
  await client.query(
    `update claims set
       additional_documents = additional_documents || $3::jsonb,
       additional_document_count = additional_document_count + $4,
       additional_document_total_size = additional_document_total_size + $5,
       updated_at = $6, version = $2
     where submission_id = $1 and version < $2`,
    [
      data.submissionId,
      version,
      JSON.stringify(data.documents),
      data.documents.length,
      totalSize(data.documents),
      data.addedAt,
    ],
  );
}

/** Column of each field a staff save may change; the only names that reach the SQL text. */
const COLUMNS: Readonly<Record<StaffClaimField, string>> = {
  claimNumber: 'claim_number',
  benefitAmount: 'benefit_amount',
  firstPaymentDate: 'first_payment_date',
  lastPaymentDate: 'last_payment_date',
  status: 'status',
  additionalReason: 'additional_reason',
  eobPath: 'eob_path',
  decisionLetterRead: 'decision_letter_read',
};

export async function amendClaimRow(
  client: SqlClient,
  data: ClaimAmendedByStaff['data'],
  version: number,
): Promise<void> {
  const changed = (Object.keys(COLUMNS) as StaffClaimField[]).filter(
    (field) => data.changes[field] !== undefined,
  );
  const values = [data.submissionId, version, data.amendedAt, data.amendedBy.email];
  const sets = changed.map((field, index) => `${COLUMNS[field]} = $${values.length + index + 1}`);
  await client.query(
    `update claims set ${[...sets, 'updated_at = $3', 'updated_by = $4', 'version = $2'].join(', ')}
     where submission_id = $1 and version < $2`,
    [...values, ...changed.map((field) => columnValue(field, data.changes[field]?.to))],
  );
}

/** Empty strings are stored as null, as the submitted defaults are. */
function columnValue(field: StaffClaimField, value: unknown): unknown {
  if ((field === 'claimNumber' || field === 'additionalReason') && value === '') return null;
  return value;
}

export async function recordLetter(
  client: SqlClient,
  data: DecisionLetterUploaded['data'],
  version: number,
): Promise<void> {
  const { key, fileName, size, sha256 } = data;
  await client.query(
    `update claims set decision_letter = $3::jsonb, version = $2
     where submission_id = $1 and version < $2`,
    [data.submissionId, version, JSON.stringify({ key, fileName, size, sha256 })],
  );
}

export async function markLetterRead(
  client: SqlClient,
  data: DecisionLetterRead['data'],
  version: number,
): Promise<void> {
  await client.query(
    `update claims set decision_letter_read = true, version = $2
     where submission_id = $1 and version < $2`,
    [data.submissionId, version],
  );
}
