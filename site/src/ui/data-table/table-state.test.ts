import { describe, expect, it } from 'vitest';
import { nextSort, PAGE_SIZE, pageCount, pageOf, sortRows } from './table-state';

interface Row {
  readonly id: string;
  readonly number: string | null;
  readonly amount: number;
}
const rows: Row[] = [
  { id: 'a', number: 'CL10', amount: 5 },
  { id: 'b', number: null, amount: 20 },
  { id: 'c', number: 'CL9', amount: 5 },
  { id: 'd', number: 'cl11', amount: 1 },
];
const columnValue = (row: Row, key: 'number' | 'amount') => row[key];
const ids = (list: Row[]) => list.map((row) => row.id);

describe('sortRows', () => {
  it('orders text naturally and without regard to case; missing values last either way', () => {
    expect(ids(sortRows(rows, { key: 'number', direction: 'ascending' }, columnValue))).toEqual([
      'c',
      'a',
      'd',
      'b',
    ]);
    expect(ids(sortRows(rows, { key: 'number', direction: 'descending' }, columnValue))).toEqual([
      'd',
      'a',
      'c',
      'b',
    ]);
  });

  it('orders numbers as numbers and keeps ties in their arrival order', () => {
    expect(ids(sortRows(rows, { key: 'amount', direction: 'ascending' }, columnValue))).toEqual([
      'd',
      'a',
      'c',
      'b',
    ]);
    expect(ids(sortRows(rows, { key: 'amount', direction: 'descending' }, columnValue))).toEqual([
      'b',
      'a',
      'c',
      'd',
    ]);
  });
});

describe('nextSort', () => {
  it('turns the sorted column around, and starts another column ascending', () => {
    expect(nextSort({ key: 'a', direction: 'ascending' }, 'a')).toEqual({
      key: 'a',
      direction: 'descending',
    });
    expect(nextSort({ key: 'a', direction: 'descending' }, 'a')).toEqual({
      key: 'a',
      direction: 'ascending',
    });
    expect(nextSort({ key: 'a', direction: 'descending' }, 'b')).toEqual({
      key: 'b',
      direction: 'ascending',
    });
  });
});

describe('pages of 10', () => {
  const many = Array.from({ length: 23 }, (_, index) => index);

  it('cuts 23 rows into 3 pages, the last with 3', () => {
    expect(PAGE_SIZE).toBe(10);
    expect(pageCount(23)).toBe(3);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(0)).toBe(1);
    expect(pageOf(many, 1)).toEqual(many.slice(0, 10));
    expect(pageOf(many, 3)).toEqual([20, 21, 22]);
  });

  it('shows the last page for a page past the end, and the first for nonsense', () => {
    expect(pageOf(many, 9)).toEqual([20, 21, 22]);
    expect(pageOf(many, 0)).toEqual(many.slice(0, 10));
    expect(pageOf(many, Number.NaN)).toEqual(many.slice(0, 10));
  });
});
