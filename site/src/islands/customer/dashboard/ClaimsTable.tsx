import { useState } from 'react';
import type { ClaimSummary } from '@contracts/claims/claim-summary';
import { Pagination } from '@site/ui/data-table/Pagination';
import { SortableHeader } from '@site/ui/data-table/SortableHeader';
import { nextSort, pageOf, type Sort, sortRows } from '@site/ui/data-table/table-state';
import { Tooltip } from '@site/ui/tooltip/Tooltip';
import { formatAmount, formatDate } from '../../format';
import type { IslandTranslate } from '../../messages';
import { StatusBadge } from '../../StatusBadge';
import {
  type ClaimColumn,
  claimColumnValue,
  DEFAULT_SORT,
  SORTABLE_COLUMNS,
} from './claim-columns';

const HEADERS: Record<ClaimColumn, string> = {
  claimNumber: 'claims.column.claimNumber',
  product: 'claims.column.product',
  coverage: 'claims.column.coverage',
  benefitAmount: 'claims.column.benefitAmount',
  dateSubmitted: 'claims.column.dateSubmitted',
  status: 'claims.column.status',
};

export interface ClaimsTableProps {
  readonly claims: readonly ClaimSummary[];
  readonly lang: string;
  readonly t: IslandTranslate;
  readonly onAddDocuments: (claim: ClaimSummary) => void;
  readonly onViewDetails: (claim: ClaimSummary) => void;
}

/** The claimant's claims: every column but the upload one sorts; 10 a page. */
export function ClaimsTable({ claims, lang, t, onAddDocuments, onViewDetails }: ClaimsTableProps) {
  const [sort, setSort] = useState<Sort<ClaimColumn>>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const sorted = sortRows(claims, sort, (claim, column) => claimColumnValue(claim, column, t));
  const shown = pageOf(sorted, page);

  return (
    <>
      <div className="table-scroll">
        <table className="claims-table">
          <caption className="visually-hidden">{t('dashboard.recentClaims')}</caption>
          <thead>
            <tr>
              {SORTABLE_COLUMNS.map((column) => (
                <SortableHeader
                  key={column}
                  column={column}
                  label={t(HEADERS[column])}
                  sort={sort}
                  onSort={(key) => {
                    setSort(nextSort(sort, key));
                    setPage(1);
                  }}
                />
              ))}
              <th scope="col">{t('claims.column.upload')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((claim) => (
              <ClaimRow
                key={claim.submissionId}
                claim={claim}
                lang={lang}
                t={t}
                onAddDocuments={onAddDocuments}
                onViewDetails={onViewDetails}
              />
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        total={claims.length}
        page={page}
        onPage={setPage}
        labels={{
          nav: t('table.nav'),
          previous: t('table.previous'),
          next: t('table.next'),
          page: (number) => t('table.page', { page: number }),
        }}
      />
    </>
  );
}

function ClaimRow({
  claim,
  lang,
  t,
  onAddDocuments,
  onViewDetails,
}: {
  claim: ClaimSummary;
  lang: string;
  t: IslandTranslate;
  onAddDocuments: (claim: ClaimSummary) => void;
  onViewDetails: (claim: ClaimSummary) => void;
}) {
  const unread = claim.hasDecisionLetter && !claim.decisionLetterRead;
  const name = claim.claimNumber ?? claim.confirmationNumber;
  return (
    <tr>
      <td>
        {claim.claimNumber ?? <Tooltip trigger={t('claims.tbd')} text={t('claims.tbdTooltip')} />}
        {unread && <span className="unread-dot" role="img" aria-label={t('claims.unreadLetter')} />}{' '}
        <button
          type="button"
          className="button--link claims-table__details"
          onClick={() => onViewDetails(claim)}
        >
          {t('claims.viewDetails')}
          <span className="visually-hidden"> {name}</span>
        </button>
      </td>
      <td>{t(`claims.productType.${claim.productType}`)}</td>
      <td>{t(`claims.claimType.${claim.claimType}`)}</td>
      <td>{formatAmount(claim.benefitAmount, lang)}</td>
      <td>{formatDate(claim.submittedAt, lang)}</td>
      <td>
        <StatusBadge status={claim.status} label={t(`claims.status.${claim.status}`)} />
      </td>
      <td>
        <button
          type="button"
          className="icon-button"
          aria-label={t('claims.addDocumentsTo', { claim: name })}
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
      </td>
    </tr>
  );
}
