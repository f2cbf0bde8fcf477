import type { Sort } from './table-state';

/** A column header that sorts by its column: a button inside, the order told by aria-sort. */
export function SortableHeader<K extends string>({
  column,
  label,
  sort,
  onSort,
}: {
  column: K;
  label: string;
  sort: Sort<K>;
  onSort: (column: K) => void;
}) {
  const sorted = sort.key === column;
  return (
    <th scope="col" aria-sort={sorted ? sort.direction : undefined}>
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {label}
        <span className="sort-button__arrow" aria-hidden="true">
          {sorted ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
