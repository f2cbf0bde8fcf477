import type { ClaimSummary } from '@contracts/claims/claim-summary';
import { Dialog, DialogCloseRow } from '@site/ui/dialog/Dialog';
import { customerApi } from '../../api-client';
import { formatAmount, formatDate } from '../../format';
import type { IslandMessages, IslandTranslate } from '../../messages';
import { StatusBadge } from '../../StatusBadge';
import { ClaimDocuments } from './ClaimDocuments';

interface Props {
  readonly claim: ClaimSummary | undefined;
  readonly lang: string;
  readonly messages: IslandMessages;
  readonly t: IslandTranslate;
  readonly onLetterRead: (submissionId: string) => void;
  readonly onClose: () => void;
}

const WITH_LETTER = new Set(['Approved', 'Denied']);

/** What the claim's additional details say (customer spec §2): the reasons, or the letter for Approved. */
function additionalDetails(claim: ClaimSummary, t: IslandTranslate): string {
  if (claim.status === 'Approved') return t('claims.details.referToLetter');
  const reasons = claim.additionalReasons.map((code) => t(`reason.${code}`));
  return reasons.length > 0 ? reasons.join('; ') : t('claims.details.none');
}

/** The claim details modal of the dashboard (customer spec §2). */
export function ClaimDetailsDialog({ claim, lang, messages, t, onLetterRead, onClose }: Props) {
  const name = claim ? (claim.claimNumber ?? claim.confirmationNumber) : '';
  const letterUrl = claim ? `/api/claims/${claim.submissionId}/decision-letter` : '';

  // The download itself is the browser's; reading it is recorded once, the dot goes at once.
  const letterOpened = () => {
    if (!claim || claim.decisionLetterRead) return;
    onLetterRead(claim.submissionId);
    void customerApi
      .POST('/api/claims/{submissionId}/decision-letter/read', {
        params: { path: { submissionId: claim.submissionId } },
        keepalive: true,
      })
      .catch(() => undefined);
  };

  return (
    <Dialog
      open={claim !== undefined}
      title={t('claims.details.title', { claim: name })}
      onClose={onClose}
      className="details-dialog"
    >
      {claim && (
        <>
          <dl className="details-list">
            <div>
              <dt>
                {claim.claimNumber
                  ? t('claims.column.claimNumber')
                  : t('claims.details.confirmationNumber')}
              </dt>
              <dd>{name}</dd>
            </div>
            <div>
              <dt>{t('claims.column.status')}</dt>
              <dd>
                <StatusBadge status={claim.status} label={t(`claims.status.${claim.status}`)} />
              </dd>
            </div>
          </dl>
          {WITH_LETTER.has(claim.status) && claim.hasDecisionLetter && (
            <p>
              <a
                className="button button--secondary"
                href={letterUrl}
                download
                onClick={letterOpened}
              >
                {t('claims.details.letter')}
              </a>
            </p>
          )}
          {claim.status !== 'Approved' && (
            <div className="details-status">
              <h3>{t(`claims.statusTitle.${claim.status}`)}</h3>
              <p>{t(`claims.statusText.${claim.status}`)}</p>
            </div>
          )}
          <dl className="details-list">
            <div>
              <dt>{t('claims.column.benefitAmount')}</dt>
              <dd>{formatAmount(claim.benefitAmount, lang)}</dd>
            </div>
            <div>
              <dt>{t('claims.details.firstPaymentDate')}</dt>
              <dd>
                {claim.firstPaymentDate
                  ? formatDate(claim.firstPaymentDate, lang)
                  : t('claims.details.notSet')}
              </dd>
            </div>
            <div>
              <dt>{t('claims.details.lastPaymentDate')}</dt>
              <dd>
                {claim.lastPaymentDate
                  ? formatDate(claim.lastPaymentDate, lang)
                  : t('claims.details.notSet')}
              </dd>
            </div>
            <div>
              <dt>{t('claims.details.additionalDetails')}</dt>
              <dd>{additionalDetails(claim, t)}</dd>
            </div>
          </dl>
          <p>
            <a href={`/${lang}/claim/${claim.submissionId}`}>{t('claims.details.openPage')}</a>
          </p>
          <ClaimDocuments submissionId={claim.submissionId} messages={messages} t={t} />
        </>
      )}
      <DialogCloseRow label={t('claims.close')} onClose={onClose} />
    </Dialog>
  );
}
