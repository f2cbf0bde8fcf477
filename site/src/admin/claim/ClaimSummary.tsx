import { PRODUCT_NAMES } from '@contracts/claims/catalogue';
import { DOCUMENT_KIND_LABELS } from '@contracts/claims/messages';
import type { ClaimRecord } from '@services/claims/claim';
import { StatusBadge } from '@site/islands/StatusBadge';
import { ADMIN_TEXT, fill } from '../admin-text';
import { DetailRows } from '../DetailRows';
import { isoDay } from '../format';

const text = ADMIN_TEXT.claim;
const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** What the claimant submitted, read-only beside the edit form. */
export function ClaimSummary({ claim }: { claim: ClaimRecord }) {
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
            {claim.documents.length === 0 ? (
              text.noDocuments
            ) : (
              <ul className="admin-claim__documents">
                {claim.documents.map((document) => (
                  <li key={document.key}>
                    <bdi>{document.fileName}</bdi>{' '}
                    <span className="field-hint">
                      (
                      {DOCUMENT_KIND_LABELS[document.kind as keyof typeof DOCUMENT_KIND_LABELS]
                        ?.en ?? document.kind}
                      , {kilobytes(document.size)})
                    </span>
                  </li>
                ))}
              </ul>
            )}
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
