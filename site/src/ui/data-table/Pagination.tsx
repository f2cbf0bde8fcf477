import { PAGE_SIZE, pageCount } from './table-state';

export interface PaginationLabels {
  readonly nav: string;
  readonly previous: string;
  readonly next: string;
  readonly page: (page: number) => string;
}

/** Page buttons, shown only when there is more than one page of rows (spec §9). */
export function Pagination({
  total,
  page,
  labels,
  onPage,
}: {
  total: number;
  page: number;
  labels: PaginationLabels;
  onPage: (page: number) => void;
}) {
  if (total <= PAGE_SIZE) return null;
  const pages = Array.from({ length: pageCount(total) }, (_, index) => index + 1);
  return (
    <nav className="pagination" aria-label={labels.nav}>
      <button
        type="button"
        className="pagination__step"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {labels.previous}
      </button>
      <ul>
        {pages.map((number) => (
          <li key={number}>
            <button
              type="button"
              className="pagination__page"
              aria-label={labels.page(number)}
              aria-current={number === page ? 'page' : undefined}
              onClick={() => onPage(number)}
            >
              {number}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="pagination__step"
        disabled={page >= pages.length}
        onClick={() => onPage(page + 1)}
      >
        {labels.next}
      </button>
    </nav>
  );
}
