import { useCallback, useEffect, useState } from 'react';
import type { SearchPage, SearchRow } from '@projections/claims/staff-search';
import { StatusBadge } from '@site/islands/StatusBadge';
import { SkeletonRows } from '@site/ui/skeleton/SkeletonRows';
import { ADMIN_TEXT, fill } from '../admin-text';
import { claimPageUrl } from '../claim/claim-tabs';
import { formatCad, isoDay } from '../format';
import { StaffApiError, staffJson } from '../staff-api';
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

function apiUrl(query: SearchQuery, paging: ResultsPaging): string {
  const params = searchParams(query, paging);
  params.delete('page'); // the API pages by cursor alone
  return `/api/admin/claims/search?${params}`;
}

/** Ten claims a page from the server, newest first; pages are links, so Back works. */
export default function SearchResults({ query, paging }: Props) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetchPage = useCallback(
    (signal?: AbortSignal) => {
      setLoad({ state: 'loading' });
      staffJson<SearchPage>(apiUrl(query, paging), signal ? { signal } : {})
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
              <th scope="col">{columns.claimNumber}</th>
              <th scope="col">{columns.confirmationNumber}</th>
              <th scope="col">{columns.name}</th>
              <th scope="col">{columns.email}</th>
              <th scope="col">{columns.claimType}</th>
              <th scope="col">{columns.productType}</th>
              <th scope="col">{columns.status}</th>
              <th scope="col">{columns.benefitAmount}</th>
              <th scope="col">{columns.submittedAt}</th>
              <th scope="col">
                <span className="visually-hidden">{columns.view}</span>
              </th>
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

function ResultRow({ row }: { row: SearchRow }) {
  const reference = row.claimNumber ?? row.confirmationNumber;
  return (
    <tr>
      <td>{row.claimNumber ?? '—'}</td>
      <td>{row.confirmationNumber}</td>
      <td>{`${row.firstName} ${row.lastName}`}</td>
      <td className="admin-results__email">{row.email}</td>
      <td>{row.claimType}</td>
      <td>{row.productType}</td>
      <td>
        <StatusBadge status={row.status} label={row.status} />
      </td>
      <td className="numeric">{formatCad(row.benefitAmount)}</td>
      <td>{isoDay(row.submittedAt)}</td>
      <td>
        <a
          className="icon-button"
          href={claimPageUrl(row.submissionId)}
          title={fill(text.view, { reference })}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span className="visually-hidden">{fill(text.view, { reference })}</span>
        </a>
      </td>
    </tr>
  );
}
