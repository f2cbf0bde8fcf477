import { describe, expect, it } from 'vitest';
import { formatRowDifference, rowDifference } from './row-difference';

describe('row difference', () => {
  const live = { submission_id: 'a', status: 'Closed', amount: '1.50', docs: [{ b: 1, a: 2 }] };

  it('names the key and each column whose values differ, live against rebuilt', () => {
    const rebuilt = { ...live, status: 'Approved', docs: [{ a: 2, b: 1 }] };
    const difference = rowDifference('claims', ['submission_id'], live, rebuilt);
    expect(difference).toEqual({
      table: 'claims',
      key: { submission_id: 'a' },
      kind: 'changed',
      columns: [{ column: 'status', live: 'Closed', rebuilt: 'Approved' }],
    });
    expect(formatRowDifference(difference)).toBe(
      'claims (submission_id="a") differs\n  status: live "Closed", rebuilt "Approved"',
    );
  });

  it('tells a row only one side has', () => {
    expect(rowDifference('t', ['id', 'v'], null, { id: 1, v: 2, x: 3 })).toEqual({
      table: 't',
      key: { id: 1, v: 2 },
      kind: 'only-rebuilt',
      columns: [],
    });
    const onlyLive = rowDifference('t', ['id'], { id: 1 }, null);
    expect(formatRowDifference(onlyLive)).toBe('t (id=1) is live but not rebuilt');
  });
});
