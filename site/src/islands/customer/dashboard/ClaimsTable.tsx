import { useRef, useState } from 'react';
import type { ClaimSummary } from '@contracts/claims/claim-summary';
import { Pagination } from '@site/ui/data-table/Pagination';
import { SortableHeader } from '@site/ui/data-table/SortableHeader';
import { nextSort, pageOf, type Sort, sortRows } from '@site/ui/data-table/table-state';
import { useTableFit } from '@site/ui/data-table/use-table-fit';
import { formatAmount } from '../../format';
import { LocalDate } from '../../time/LocalDate';
import type { IslandTranslate } from '../../messages';
import { StatusBadge } from '../../StatusBadge';
import { ClaimCards, ClaimNumber, SortChoice, UploadButton } from './ClaimCards';
import {
  type ClaimColumn,
  type ClaimViewProps,
  claimColumnValue,
  DEFAULT_SORT,
  HEADERS,
  SORTABLE_COLUMNS,
} from './claim-columns';

export interface ClaimsTableProps {
  readonly claims: readonly ClaimSummary[];
  readonly lang: string;
  readonly t: IslandTranslate;
  readonly onAddDocuments: (claim: ClaimSummary) => void;
  readonly onViewDetails: (claim: ClaimSummary) => void;
}

/**
 * The claimant's claims: every column but the upload one sorts; 10 a page. Where the columns
 * do not fit (phones, French labels) the same claims show as cards, status and dot on top.
 */
export function ClaimsTable({ claims, lang, t, onAddDocuments, onViewDetails }: ClaimsTableProps) {
  const [sort, setSort] = useState<Sort<ClaimColumn>>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const container = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const sorted = sortRows(claims, sort, (claim, column) => claimColumnValue(claim, column, t));
  const shown = pageOf(sorted, page);
  const layout = useTableFit(container, table, `${lang}|${sort.key}|${sort.direction}|${page}`);
  const sortBy = (next: Sort<ClaimColumn>) => {
    setSort(next);
    setPage(1);
  };
  const rowProps = { lang, t, onAddDocuments, onViewDetails };

  // Inert until hydrated: the server's HTML shows the claims, but a click there would be lost.
  return (
    <div className="claims-list" inert={layout === 'undecided'}>
      <div ref={container} className="table-scroll" data-layout={layout}>
        {layout !== 'table' && (
          <div className="claim-cards-view">
            <SortChoice sort={sort} t={t} onSort={sortBy} />
            <ClaimCards claims={shown} {...rowProps} />
          </div>
        )}
        {layout !== 'cards' && (
          <table ref={table} className="claims-table">
            <caption className="visually-hidden">{t('dashboard.recentClaims')}</caption>
            <thead>
              <tr>
                {SORTABLE_COLUMNS.map((column) => (
                  <SortableHeader
                    key={column}
                    column={column}
                    label={t(HEADERS[column])}
                    sort={sort}
                    onSort={(key) => sortBy(nextSort(sort, key))}
                  />
                ))}
                <th scope="col">{t('claims.column.upload')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((claim) => (
                <ClaimRow key={claim.submissionId} claim={claim} {...rowProps} />
              ))}
            </tbody>
          </table>
        )}
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
    </div>
  );
}

function ClaimRow({
  claim,
  lang,
  t,
  onAddDocuments,
  onViewDetails,
}: ClaimViewProps & { claim: ClaimSummary }) {
  return (
    <tr>
      <td>
        <ClaimNumber claim={claim} t={t} onViewDetails={onViewDetails} />
      </td>
      <td>{t(`claims.productType.${claim.productType}`)}</td>
      <td>{t(`claims.claimType.${claim.claimType}`)}</td>
      <td>{formatAmount(claim.benefitAmount, lang)}</td>
      <td>
        <LocalDate iso={claim.submittedAt} lang={lang} />
      </td>
      <td>
        <StatusBadge status={claim.status} label={t(`claims.status.${claim.status}`)} />
      </td>
      <td>
        <UploadButton claim={claim} t={t} onAddDocuments={onAddDocuments} />
      </td>
    </tr>
  );
}
