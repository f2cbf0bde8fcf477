import type { ReactNode } from 'react';
import { describeAdditionalReason } from '@contracts/claims/reasons';
import type { ClaimRecord } from '@services/claims/claim';
import { StatusBadge } from '@site/islands/StatusBadge';
import { ADMIN_TEXT } from '../admin-text';
import { DetailRows } from '../DetailRows';
import { formatCad } from '../format';
import { ClaimAside, detailsClassName } from './ClaimAside';
import { useDocumentViewer } from './ClaimDocuments';
import { viewDecisionLetter } from './letter-view';

const text = ADMIN_TEXT.claim;
const auditor = ADMIN_TEXT.auditor;

interface Props {
  readonly claim: ClaimRecord;
  readonly onProblem: (message: string) => void;
}

/**
 * The Claim Details tab for an auditor (decision 062): the values the edit form would hold,
 * as text. No input, no Save, no letter upload; the current letter can still be read.
 */
export function ClaimReadOnly({ claim, onProblem }: Props) {
  const viewer = useDocumentViewer();
  const reasons = describeAdditionalReason(claim.additionalReason, 'en');
  const letter = claim.eobPath ? (claim.decisionLetter?.fileName ?? text.letter) : undefined;
  const rows: [string, ReactNode][] = [
    [text.claimNumber, claim.claimNumber || auditor.none],
    [text.benefitAmount, formatCad(claim.benefitAmount)],
    [text.firstPaymentDate, claim.firstPaymentDate ?? auditor.none],
    [text.lastPaymentDate, claim.lastPaymentDate ?? auditor.none],
    [text.status, <StatusBadge key="status" status={claim.status} label={claim.status} />],
    [
      text.additionalReason,
      reasons.length === 0 ? (
        auditor.none
      ) : (
        <ul key="reasons" className="admin-claim__reasons">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ),
    ],
    [
      text.letter,
      letter ? (
        <span key="letter">
          <bdi>{letter}</bdi>{' '}
          <button
            type="button"
            className="button button--link"
            onClick={() => viewDecisionLetter(claim.submissionId, onProblem)}
          >
            {text.letterView}
          </button>
        </span>
      ) : (
        text.letterNone
      ),
    ],
  ];
  return (
    <div className={detailsClassName(viewer)}>
      <ClaimAside claim={claim} viewer={viewer} />
      <section className="admin-claim__form" aria-labelledby="claim-decision-title">
        <h2 id="claim-decision-title">{auditor.claimTitle}</h2>
        <p className="field-hint">{auditor.claimIntro}</p>
        <dl className="details-list">
          <DetailRows rows={rows} />
        </dl>
      </section>
    </div>
  );
}
