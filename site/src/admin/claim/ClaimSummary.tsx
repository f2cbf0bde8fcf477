import { PRODUCT_NAMES } from '@contracts/claims/catalogue';
import type { ClaimRecord } from '@services/claims/claim';
import { StatusBadge } from '@site/islands/StatusBadge';
import { ADMIN_TEXT, fill } from '../admin-text';
import { DetailRows } from '../DetailRows';
import { isoDay } from '../format';
import { ClaimDocuments, type DocumentViewerState } from './ClaimDocuments';

const text = ADMIN_TEXT.claim;

/** What the claimant submitted, read-only beside the edit form. */
export function ClaimSummary({
  claim,
  viewer,
}: {
  readonly claim: ClaimRecord;
  readonly viewer: DocumentViewerState;
}) {
  const { claimant } = claim;
  const rows: [string, React.ReactNode][] = [
    [text.claimant, `${claimant.firstName} ${claimant.lastName} · ${claimant.email}`],
    [text.dateOfBirth, claimant.dateOfBirth],
    [text.confirmationNumber, claim.confirmationNumber],
    [text.policyNumber, claim.policyNumber],
    [
      text.product,
      `${claim.productType} · ${PRODUCT_NAMES[claim.productCode] ?? claim.productCode}`,
    ],
    [text.claimType, claim.claimType],
    [text.status, <StatusBadge key="status" status={claim.status} label={claim.status} />],
    [text.submitted, isoDay(claim.submittedAt)],
    [text.description, claim.claimDescription || '—'],
  ];
  return (
    <section className="admin-claim__summary" aria-labelledby="claim-summary-title">
      <h2 id="claim-summary-title">{text.summary}</h2>
      <dl className="details-list">
        <DetailRows rows={rows} />
        <div>
          <dt>{text.documents}</dt>
          <dd>
            <ClaimDocuments documents={claim.documents} viewer={viewer} />
          </dd>
        </div>
      </dl>
      <p className="field-hint">
        {fill(text.lastUpdated, {
          at: isoDay(claim.updatedAt),
          by: claim.updatedBy ?? `${claimant.firstName} ${claimant.lastName}`,
        })}
      </p>
    </section>
  );
}
