export type SortDirection = 'ascending' | 'descending';

export interface Sort<K extends string> {
  readonly key: K;
  readonly direction: SortDirection;
}

/** A row's value for a column: missing values sort after every present one, either way. */
export type SortValue = string | number | null | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * The rows ordered by one column, stable: rows that tie keep their order, so a list that
 * arrives newest first stays newest first within equal values.
 */
export function sortRows<R, K extends string>(
  rows: readonly R[],
  sort: Sort<K>,
  columnValue: (row: R, key: K) => SortValue,
): R[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: columnValue(row, sort.key) }))
    .sort((a, b) => {
      const aMissing = a.value === null || a.value === undefined || a.value === '';
      const bMissing = b.value === null || b.value === undefined || b.value === '';
      if (aMissing !== bMissing) return aMissing ? 1 : -1;
      const order = aMissing ? 0 : sign * compareValues(a.value, b.value);
      return order !== 0 ? order : a.index - b.index;
    })
    .map(({ row }) => row);
}

/** Clicking the sorted column turns it around; another column starts ascending. */
export function nextSort<K extends string>(current: Sort<K>, key: K): Sort<K> {
  if (current.key !== key) return { key, direction: 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

export const PAGE_SIZE = 10;

export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Rows of a 1-based page; a page past the end shows the last one. */
export function pageOf<R>(rows: readonly R[], page: number, size = PAGE_SIZE): R[] {
  const last = pageCount(rows.length, size);
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), last);
  return rows.slice((current - 1) * size, current * size);
}
