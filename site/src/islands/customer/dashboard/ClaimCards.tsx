import type { ClaimSummary } from '@contracts/claims/claim-summary';
import type { Sort, SortDirection } from '@site/ui/data-table/table-state';
import { Tooltip } from '@site/ui/tooltip/Tooltip';
import { formatAmount } from '../../format';
import { LocalDate } from '../../time/LocalDate';
import type { IslandTranslate } from '../../messages';
import { StatusBadge } from '../../StatusBadge';
import { type ClaimColumn, type ClaimViewProps, HEADERS, SORTABLE_COLUMNS } from './claim-columns';

const DIRECTIONS: readonly SortDirection[] = ['ascending', 'descending'];

/** The claim number, or (TBD) with its explanation; the unread-letter dot; the details link. */
export function ClaimNumber({
  claim,
  t,
  onViewDetails,
}: {
  claim: ClaimSummary;
  t: IslandTranslate;
  onViewDetails: (claim: ClaimSummary) => void;
}) {
  const unread = claim.hasDecisionLetter && !claim.decisionLetterRead;
  return (
    <>
      {claim.claimNumber ?? <Tooltip trigger={t('claims.tbd')} text={t('claims.tbdTooltip')} />}
      {unread && <span className="unread-dot" role="img" aria-label={t('claims.unreadLetter')} />}{' '}
      <button
        type="button"
        className="button--link claims-table__details"
        onClick={() => onViewDetails(claim)}
      >
        {t('claims.viewDetails')}
        <span className="visually-hidden"> {claim.claimNumber ?? claim.confirmationNumber}</span>
      </button>
    </>
  );
}

export function UploadButton({
  claim,
  t,
  onAddDocuments,
}: {
  claim: ClaimSummary;
  t: IslandTranslate;
  onAddDocuments: (claim: ClaimSummary) => void;
}) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={t('claims.addDocumentsTo', {
        claim: claim.claimNumber ?? claim.confirmationNumber,
      })}
      onClick={() => onAddDocuments(claim)}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M12 16V4m0 0-5 5m5-5 5 5M5 20h14"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

/** The cards' sort order, since they have no column headers to click. */
export function SortChoice({
  sort,
  t,
  onSort,
}: {
  sort: Sort<ClaimColumn>;
  t: IslandTranslate;
  onSort: (sort: Sort<ClaimColumn>) => void;
}) {
  return (
    <p className="claim-cards__sort">
      <label htmlFor="claim-cards-sort">{t('table.sortBy')}</label>
      <select
        id="claim-cards-sort"
        value={`${sort.key} ${sort.direction}`}
        onChange={(event) => {
          const [key, direction] = event.target.value.split(' ') as [ClaimColumn, SortDirection];
          onSort({ key, direction });
        }}
      >
        {SORTABLE_COLUMNS.flatMap((column) =>
          DIRECTIONS.map((direction) => (
            <option key={`${column} ${direction}`} value={`${column} ${direction}`}>
              {t(`table.sort.${direction}`, { column: t(HEADERS[column]) })}
            </option>
          )),
        )}
      </select>
    </p>
  );
}

/** One card per claim: number, dot and status first, where a narrow screen still shows them. */
export function ClaimCards({
  claims,
  lang,
  t,
  onAddDocuments,
  onViewDetails,
}: ClaimViewProps & { claims: readonly ClaimSummary[] }) {
  return (
    <ul className="claim-cards" aria-label={t('dashboard.recentClaims')}>
      {claims.map((claim) => (
        <li key={claim.submissionId} className="claim-card">
          <div className="claim-card__head">
            <span className="claim-card__number">
              <ClaimNumber claim={claim} t={t} onViewDetails={onViewDetails} />
            </span>
            <StatusBadge status={claim.status} label={t(`claims.status.${claim.status}`)} />
          </div>
          <dl className="claim-card__fields">
            <div>
              <dt>{t('claims.column.product')}</dt>
              <dd>{t(`claims.productType.${claim.productType}`)}</dd>
            </div>
            <div>
              <dt>{t('claims.column.coverage')}</dt>
              <dd>{t(`claims.claimType.${claim.claimType}`)}</dd>
            </div>
            <div>
              <dt>{t('claims.column.benefitAmount')}</dt>
              <dd>{formatAmount(claim.benefitAmount, lang)}</dd>
            </div>
            <div>
              <dt>{t('claims.column.dateSubmitted')}</dt>
              <dd>
                <LocalDate iso={claim.submittedAt} lang={lang} />
              </dd>
            </div>
          </dl>
          <div className="claim-card__upload">
            <span aria-hidden="true">{t('claims.column.upload')}</span>
            <UploadButton claim={claim} t={t} onAddDocuments={onAddDocuments} />
          </div>
        </li>
      ))}
    </ul>
  );
}
