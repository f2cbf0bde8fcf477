import { useEffect, useState } from 'react';
import type { HistoryColumn, HistoryPage } from '@projections/claims/claim-versions';
import { Pagination } from '@site/ui/data-table/Pagination';
import { SortableHeader } from '@site/ui/data-table/SortableHeader';
import { nextSort, type Sort } from '@site/ui/data-table/table-state';
import { SkeletonRows } from '@site/ui/skeleton/SkeletonRows';
import { ADMIN_TEXT, fill } from '../admin-text';
import { staffApi, staffData } from '../staff-api';
import { HISTORY_COLUMN_ORDER, HISTORY_HEADINGS, historyCell } from './history-columns';

interface Props {
  readonly submissionId: string;
  /** Loaded once shown, then again whenever the claim changes. */
  readonly shown: boolean;
  readonly revision: string;
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; page: HistoryPage };

const text = ADMIN_TEXT.history;
const paginationLabels = {
  nav: 'History pages',
  previous: ADMIN_TEXT.results.previous,
  next: ADMIN_TEXT.results.next,
  page: (page: number) => fill(ADMIN_TEXT.results.page, { page }),
};

/** The Claims History tab: every version, 10 a page from the server, sortable on every column. */
export function ClaimHistory({ submissionId, shown, revision }: Props) {
  const [sort, setSort] = useState<Sort<HistoryColumn>>({
    key: 'version',
    direction: 'descending',
  });
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: revision and attempt ask for a fresh read
  useEffect(() => {
    if (!shown) return undefined;
    const controller = new AbortController();
    const direction = sort.direction === 'ascending' ? 'asc' : 'desc';
    setLoad({ state: 'loading' });
    staffData<HistoryPage>(
      staffApi.GET('/api/admin/claims/{submissionId}/history', {
        params: { path: { submissionId }, query: { sort: sort.key, direction, page } },
        signal: controller.signal,
      }),
    )
      .then((loaded) => setLoad({ state: 'loaded', page: loaded }))
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, [shown, submissionId, sort, page, revision, attempt]);

  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">{text.title}</h2>
      {load.state === 'loading' && <SkeletonRows label={text.loading} rows={4} />}
      {load.state === 'failed' && (
        <div className="form-error" role="alert">
          <p>{text.error}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setAttempt((n) => n + 1)}
          >
            {ADMIN_TEXT.claim.retry}
          </button>
        </div>
      )}
      {load.state === 'loaded' && load.page.rows.length === 0 && <p role="status">{text.empty}</p>}
      {load.state === 'loaded' && load.page.rows.length > 0 && (
        <>
          <div className="table-scroll">
            <table className="claims-table admin-history">
              <caption className="visually-hidden">
                {fill(text.caption, {
                  column: HISTORY_HEADINGS[sort.key],
                  direction: sort.direction === 'ascending' ? text.ascending : text.descending,
                })}
              </caption>
              <thead>
                <tr>
                  {HISTORY_COLUMN_ORDER.map((column) => (
                    <SortableHeader
                      key={column}
                      column={column}
                      label={HISTORY_HEADINGS[column]}
                      sort={sort}
                      onSort={(key) => {
                        setSort((current) => nextSort(current, key));
                        setPage(1);
                      }}
                    />
                  ))}
                </tr>
              </thead>
              <tbody>
                {load.page.rows.map((row) => (
                  <tr key={String(row.version)}>
                    {HISTORY_COLUMN_ORDER.map((column) => {
                      const changed = row.changed.includes(column);
                      return (
                        <td key={column} className={changed ? 'admin-history__changed' : undefined}>
                          {historyCell(column, row[column])}
                          {changed && <span className="visually-hidden"> ({text.changed})</span>}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            total={load.page.total}
            page={page}
            labels={paginationLabels}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
