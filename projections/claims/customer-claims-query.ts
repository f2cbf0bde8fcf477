import type { ClaimStatus, ClaimType, ProductCode, ProductType } from '@contracts/claims/catalogue';
import { displayStatus } from '@contracts/claims/catalogue';
import type { ClaimSummary } from '@contracts/claims/claim-summary';
import type { DocumentKind } from '@contracts/claims/documents';
import { parseAdditionalReason } from '@contracts/claims/reasons';
import type { SqlClient } from '../runner/sql';

interface ClaimSummaryRow {
  submission_id: string;
  claim_number: string | null;
  confirmation_number: string;
  policy_number: string;
  product_code: ProductCode;
  product_type: ProductType;
  claim_type: ClaimType;
  benefit_amount: string;
  status: ClaimStatus;
  first_payment_date: string | null;
  last_payment_date: string | null;
  additional_reason: string | null;
  created_at: Date;
  has_decision_letter: boolean;
  decision_letter_read: boolean;
  document_count: number;
}

// Dates as text: pg would turn a date into a Date at local midnight.
const SUMMARY_COLUMNS = `submission_id, claim_number, confirmation_number, policy_number,
  product_code, product_type, claim_type, benefit_amount, status,
  to_char(first_payment_date, 'YYYY-MM-DD') as first_payment_date,
  to_char(last_payment_date, 'YYYY-MM-DD') as last_payment_date,
  additional_reason, created_at, eob_path is not null as has_decision_letter,
  decision_letter_read, initial_document_count + additional_document_count as document_count`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A customer's own claims, newest first. */
export async function listCustomerClaims(
  client: SqlClient,
  customerId: string,
): Promise<ClaimSummary[]> {
  const { rows } = await client.query<ClaimSummaryRow>(
    `select ${SUMMARY_COLUMNS} from claims where customer_id = $1
     order by created_at desc, submission_id desc`,
    [customerId],
  );
  return rows.map(toSummary);
}

/** One claim, only if it belongs to the customer. */
export async function getCustomerClaim(
  client: SqlClient,
  customerId: string,
  submissionId: string,
): Promise<ClaimSummary | undefined> {
  return (await getCustomerClaimWithVersion(client, customerId, submissionId))?.claim;
}

/** One of the customer's claims and its version (the number of events the row reflects). */
export async function getCustomerClaimWithVersion(
  client: SqlClient,
  customerId: string,
  submissionId: string,
): Promise<{ readonly claim: ClaimSummary; readonly version: number } | undefined> {
  if (!UUID.test(submissionId)) return undefined;
  const { rows } = await client.query<ClaimSummaryRow & { version: number }>(
    `select ${SUMMARY_COLUMNS}, version from claims where customer_id = $1 and submission_id = $2`,
    [customerId, submissionId],
  );
  return rows[0] && { claim: toSummary(rows[0]), version: Number(rows[0].version) };
}

/** Whose a claim is, as the claim page tells its visitor (customer spec §8). */
export type ClaimAccess = 'own' | 'other' | 'none';

/** Whether a claim exists, and whether it is the customer's or another claimant's. */
export async function customerClaimAccess(
  client: SqlClient,
  customerId: string,
  submissionId: string,
): Promise<ClaimAccess> {
  if (!UUID.test(submissionId)) return 'none';
  const { rows } = await client.query<{ customer_id: string }>(
    'select customer_id from claims where submission_id = $1',
    [submissionId],
  );
  const owner = rows[0]?.customer_id;
  if (owner === undefined) return 'none';
  return owner === customerId ? 'own' : 'other';
}

function toSummary(row: ClaimSummaryRow): ClaimSummary {
  return {
    submissionId: row.submission_id,
    claimNumber: row.claim_number || null,
    confirmationNumber: row.confirmation_number,
    policyNumber: row.policy_number,
    productCode: row.product_code,
    productType: row.product_type,
    claimType: row.claim_type,
    benefitAmount: Number(row.benefit_amount),
    status: displayStatus(row.status),
    firstPaymentDate: row.first_payment_date,
    lastPaymentDate: row.last_payment_date,
    additionalReasons: parseAdditionalReason(row.additional_reason),
    submittedAt: row.created_at.toISOString(),
    hasDecisionLetter: row.has_decision_letter,
    decisionLetterRead: row.decision_letter_read,
    documentCount: row.document_count,
  };
}

/** A document of a claim as its claimant sees it: no storage key, no hash. */
export interface ClaimantDocument {
  readonly fileName: string;
  readonly size: number;
  readonly kind: DocumentKind;
}

/** The documents sent with one of the customer's own claims, in the order they came. */
export async function listCustomerClaimDocuments(
  client: SqlClient,
  customerId: string,
  submissionId: string,
): Promise<readonly ClaimantDocument[]> {
  if (!UUID.test(submissionId)) return [];
  const { rows } = await client.query<{ file_name: string; size: string; kind: DocumentKind }>(
    `select document->>'fileName' as file_name, document->>'size' as size, document->>'kind' as kind
       from claims,
            jsonb_array_elements(initial_documents || additional_documents)
              with ordinality as documents(document, position)
      where customer_id = $1 and submission_id = $2
      order by position`,
    [customerId, submissionId],
  );
  return rows.map((row) => ({ fileName: row.file_name, size: Number(row.size), kind: row.kind }));
}
