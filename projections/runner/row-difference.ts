import { canonicalJson } from '@contracts/event-hash';

interface ColumnDifference {
  readonly column: string;
  readonly live: unknown;
  readonly rebuilt: unknown;
}

/**
 * A row that differs between the live table and its rebuild. `changed`: same key, other
 * values; `only-live`: the rebuild has no row with that key; `only-rebuilt`: the live table has none.
 */
export interface RowDifference {
  readonly table: string;
  readonly key: Readonly<Record<string, unknown>>;
  readonly kind: 'changed' | 'only-live' | 'only-rebuilt';
  readonly columns: readonly ColumnDifference[];
}

type Row = Readonly<Record<string, unknown>>;

/** Compares one pair of rows (as JSON) that share a primary key; either side may be missing. */
export function rowDifference(
  table: string,
  keyColumns: readonly string[],
  live: Row | null,
  rebuilt: Row | null,
): RowDifference {
  const either = (live ?? rebuilt) as Row;
  const key = Object.fromEntries(keyColumns.map((column) => [column, either[column]]));
  if (!live || !rebuilt) {
    return { table, key, kind: live ? 'only-live' : 'only-rebuilt', columns: [] };
  }
  const names = [...new Set([...Object.keys(live), ...Object.keys(rebuilt)])];
  const columns = names
    .filter((column) => canonicalJson(live[column]) !== canonicalJson(rebuilt[column]))
    .map((column) => ({ column, live: live[column], rebuilt: rebuilt[column] }));
  return { table, key, kind: 'changed', columns };
}

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

const KIND_TEXT = {
  changed: 'differs',
  'only-live': 'is live but not rebuilt',
  'only-rebuilt': 'is rebuilt but not live',
} as const;

export function formatRowDifference(difference: RowDifference): string {
  const key = Object.entries(difference.key)
    .map(([column, value]) => `${column}=${show(value)}`)
    .join(', ');
  const lines = [`${difference.table} (${key}) ${KIND_TEXT[difference.kind]}`];
  for (const { column, live, rebuilt } of difference.columns) {
    lines.push(`  ${column}: live ${show(live)}, rebuilt ${show(rebuilt)}`);
  }
  return lines.join('\n');
}
