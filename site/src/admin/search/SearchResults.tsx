import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { WAITING_LONGEST } from '@contracts/claims/search-rules';
import type { SearchPage, SearchRow } from '@projections/claims/staff-search';
import { StatusBadge } from '@site/islands/StatusBadge';
import { SkeletonRows } from '@site/ui/skeleton/SkeletonRows';
import { ADMIN_TEXT, fill } from '../admin-text';
import { claimPageUrl } from '../claim/claim-tabs';
import { formatCad, isoDay } from '../format';
import type { paths } from '@contracts/api/openapi-types';
import { StaffApiError, staffApi, staffData } from '../staff-api';
import type { ResultsPaging } from './results-paging';
import { resultsUrl, type SearchQuery, searchParams } from './search-query';

interface Props {
  readonly query: SearchQuery;
  readonly paging: ResultsPaging;
}

type Load =
  | { state: 'loading' }
  | { state: 'failed'; refusal?: string }
  | { state: 'loaded'; page: SearchPage };

/** The server's own words when it refused the query (a 4xx naming fields), else nothing. */
function refusalOf(error: unknown): string | undefined {
  if (!(error instanceof StaffApiError) || error.status >= 500) return undefined;
  const messages = error.errors.flatMap((fieldError) => fieldError.message ?? []);
  return messages.length > 0 ? [...new Set(messages)].join(' ') : undefined;
}

const text = ADMIN_TEXT.results;
const columns = text.columns;

/** Nine columns that fit 1280 px; the claim number (or confirmation number) is the link. */
const COLUMN_ORDER = [
  'claimNumber',
  'confirmationNumber',
  'name',
  'email',
  'claimType',
  'productType',
  'status',
  'benefitAmount',
  'submittedAt',
] as const;
type ResultColumn = (typeof COLUMN_ORDER)[number];

type SearchApiQuery = NonNullable<paths['/api/admin/claims/search']['get']['parameters']['query']>;

function apiQuery(query: SearchQuery, paging: ResultsPaging): SearchApiQuery {
  const params = searchParams(query, paging);
  params.delete('page'); // the API pages by cursor alone
  if (params.get('order') === 'oldest') {
    params.delete('order');
    params.set('sort', WAITING_LONGEST.sort);
    params.set('direction', WAITING_LONGEST.direction);
  }
  // The page URL's parameters, read and checked by search-query.ts, under the API's names.
  return Object.fromEntries(params) as SearchApiQuery;
}

/** Ten claims a page from the server, newest (or oldest) first; pages are links, so Back works. */
export default function SearchResults({ query, paging }: Props) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetchPage = useCallback(
    (signal?: AbortSignal) => {
      setLoad({ state: 'loading' });
      staffData<SearchPage>(
        staffApi.GET('/api/admin/claims/search', {
          params: { query: apiQuery(query, paging) },
          ...(signal ? { signal } : {}),
        }),
      )
        .then((page) => setLoad({ state: 'loaded', page }))
        .catch((error: unknown) => {
          if (!signal?.aborted) setLoad({ state: 'failed', refusal: refusalOf(error) });
        });
    },
    [query, paging],
  );

  useEffect(() => {
    const controller = new AbortController();
    fetchPage(controller.signal);
    return () => controller.abort();
  }, [fetchPage]);

  if (load.state === 'loading') return <SkeletonRows label={text.loading} rows={5} />;
  if (load.state === 'failed') {
    return (
      <div className="form-error" role="alert">
        <p>{load.refusal ?? text.serverError}</p>
        {load.refusal === undefined && (
          <button type="button" className="button button--secondary" onClick={() => fetchPage()}>
            {text.retry}
          </button>
        )}
      </div>
    );
  }
  const { rows, nextCursor, previousCursor } = load.page;
  if (rows.length === 0) {
    return (
      <p className="admin-results__empty" role="status">
        {text.none}
      </p>
    );
  }
  return (
    <>
      <div className="table-scroll">
        <table className="claims-table admin-results__table">
          <caption className="visually-hidden">{fill(text.page, { page: paging.page })}</caption>
          <thead>
            <tr>
              {COLUMN_ORDER.map((column) => (
                <th key={column} scope="col">
                  {columns[column]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <ResultRow key={row.submissionId} row={row} />
            ))}
          </tbody>
        </table>
      </div>
      {(nextCursor || previousCursor) && (
        <nav className="pagination admin-pagination" aria-label={text.paginationLabel}>
          {previousCursor && (
            <a
              className="pagination__step"
              href={resultsUrl(
                query,
                paging.page > 2 ? { page: paging.page - 1, before: previousCursor } : {},
              )}
            >
              {text.previous}
            </a>
          )}
          <span aria-current="page">{fill(text.page, { page: paging.page })}</span>
          {nextCursor && (
            <a
              className="pagination__step"
              href={resultsUrl(query, { page: paging.page + 1, after: nextCursor })}
            >
              {text.next}
            </a>
          )}
        </nav>
      )}
    </>
  );
}

/** The way into a claim: its number, else its confirmation number, with the spec's view icon. */
function ClaimLink({ row, reference }: { row: SearchRow; reference: string }) {
  return (
    <a
      className="admin-results__open"
      href={claimPageUrl(row.submissionId)}
      aria-label={fill(text.view, { reference })}
    >
      {reference}
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
        <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </a>
  );
}

/** A cell that also shows its column's name when the row is a card (narrow screens). */
function Cell({ column, className, children }: CellProps) {
  return (
    <td className={className}>
      <span className="admin-results__label" aria-hidden="true">
        {columns[column]}
      </span>
      <span>{children}</span>
    </td>
  );
}

interface CellProps {
  readonly column: ResultColumn;
  readonly className?: string;
  readonly children: ReactNode;
}

function ResultRow({ row }: { row: SearchRow }) {
  const { claimNumber, confirmationNumber } = row;
  return (
    <tr>
      <Cell column="claimNumber">
        {claimNumber ? <ClaimLink row={row} reference={claimNumber} /> : '—'}
      </Cell>
      <Cell column="confirmationNumber">
        {claimNumber ? confirmationNumber : <ClaimLink row={row} reference={confirmationNumber} />}
      </Cell>
      <Cell column="name">{`${row.firstName} ${row.lastName}`}</Cell>
      <Cell column="email" className="admin-results__email">
        {row.email}
      </Cell>
      <Cell column="claimType">{row.claimType}</Cell>
      <Cell column="productType">{row.productType}</Cell>
      <Cell column="status">
        <StatusBadge status={row.status} label={row.status} />
      </Cell>
      <Cell column="benefitAmount" className="numeric">
        {formatCad(row.benefitAmount)}
      </Cell>
      <Cell column="submittedAt" className="admin-results__day">
        {isoDay(row.submittedAt)}
      </Cell>
    </tr>
  );
}
