import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimSearchQuerySchema } from '@contracts/claims/claim-search';
import type { ClaimEvent } from '@contracts/claims/events';
import { ValidationError } from '@contracts/errors';
import { type Harness, openHarness } from '@tests/support/claims/handler-harness';
import {
  claimLog,
  claimsProjectionSpec,
  submitted,
} from '@tests/support/projections/claims-projection-spec';
import { searchClaims } from './staff-search';

const amountSaved = (submissionId: string, to: number): ClaimEvent => ({
  type: 'ClaimAmendedByStaff',
  data: {
    submissionId,
    changes: { benefitAmount: { from: 0, to }, claimNumber: { from: '', to: `N${to}` } },
    amendedBy: { staffId: 'staff-7', email: 'agent@insurer.example' },
    amendedAt: '2026-11-02T09:00:00.000Z',
  },
});

/** Twelve claims of one customer, benefit amounts 0.5, 1.5, … 11.5, submitted a minute apart. */
const claims = Array.from({ length: 12 }, (_, n) => {
  const id = uuidv7();
  const at = new Date(Date.UTC(2026, 10, 1, 10, n)).toISOString();
  return claimLog(id, [submitted(id, 'cursor-customer', at), amountSaved(id, n + 0.5)]);
});

/** The submission id of the n-th claim above. */
function idOf(n: number): string {
  const data = claims[n]?.[0]?.data as { submissionId: string } | undefined;
  if (!data) throw new Error(`no claim ${n}`);
  return data.submissionId;
}

describe('staff search: paging cursors of any sort column', () => {
  let harness: Harness;
  const search = (input: Record<string, string>) =>
    searchClaims(
      harness.database.pool,
      claimSearchQuerySchema.parse({ type: 'userId', value: 'cursor-customer', ...input }),
    );
  const forged = (cursor: object) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
  const refusedAfter = async (input: Record<string, string>, after: string) => {
    const refused = search({ ...input, after });
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toMatchObject({
      fieldErrors: [{ field: 'after', code: 'invalidCursor' }],
    });
  };

  beforeAll(async () => {
    harness = await openHarness();
    await claimsProjectionSpec(harness.database.pool)
      .given(...claims.flat())
      .when()
      .then(async () => {});
  });
  afterAll(() => harness.close());

  it('given twelve amounts, when paged by amount, then ten then two, each once, in order both ways', async () => {
    const input = { sort: 'benefit_amount', direction: 'asc' };
    const first = await search(input);
    expect(first.rows.map((row) => row.benefitAmount)).toEqual([
      0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5,
    ]);
    expect(first.previousCursor).toBeUndefined();
    const second = await search({ ...input, after: first.nextCursor ?? '' });
    expect(second.rows.map((row) => row.benefitAmount)).toEqual([10.5, 11.5]);
    expect(second.nextCursor).toBeUndefined();
    const back = await search({ ...input, before: second.previousCursor ?? '' });
    expect(back.rows).toEqual(first.rows);
  });

  it('given the same claims, when paged by claim number newest first, then the numbers as text, descending', async () => {
    const first = await search({ sort: 'claim_number', direction: 'desc' });
    const second = await search({
      sort: 'claim_number',
      direction: 'desc',
      after: first.nextCursor ?? '',
    });
    const numbers = [...first.rows, ...second.rows].map((row) => row.claimNumber);
    expect(numbers).toHaveLength(12);
    expect(numbers).toEqual([...numbers].sort().reverse());
  });

  it('given a cursor whose value cannot be the sort column’s, then a 400 on the cursor', async () => {
    const id = { submissionId: idOf(0) };
    const amount = { sort: 'benefit_amount', direction: 'asc' };
    await refusedAfter(amount, forged({ ...amount, value: 'ten', id: id.submissionId }));
    await refusedAfter(amount, forged({ ...amount, value: null, id: id.submissionId }));
    await refusedAfter(amount, forged({ ...amount, value: '1.234', id: id.submissionId }));
    const newest = { sort: 'created_at', direction: 'desc' };
    await refusedAfter(newest, forged({ ...newest, value: 1, id: id.submissionId }));
    await refusedAfter(newest, forged({ ...newest, value: '2026-11-01', id: id.submissionId }));
    await refusedAfter(newest, forged({ ...newest, value: '2026-11-01T10:00:00Z', id: 'x' }));
    const named = { sort: 'last_name', direction: 'asc' };
    await refusedAfter(named, forged({ ...named, value: 'a'.repeat(201), id: id.submissionId }));
    await refusedAfter(named, forged({ ...named, value: 7, id: id.submissionId }));
    await refusedAfter(named, forged([named]));
    await refusedAfter(named, Buffer.from('null').toString('base64url'));
  });

  it('given a cursor of another sort, a list for a value, or an amount past any number, then a 400 on the cursor it came in', async () => {
    const id = idOf(0);
    const named = { sort: 'last_name', direction: 'asc' };
    await refusedAfter(named, forged({ ...named, sort: 'first_name', value: 'Marie', id }));
    await refusedAfter(named, forged({ ...named, value: ['Marie'], id }));
    const amount = { sort: 'benefit_amount', direction: 'asc' };
    await refusedAfter(amount, forged({ ...amount, value: ['5.5'], id }));
    // JSON has no Infinity, but JSON.parse reads 1e999 as one.
    const past = `{"sort":"benefit_amount","direction":"asc","value":1e999,"id":"${id}"}`;
    await refusedAfter(amount, Buffer.from(past).toString('base64url'));
    const back = search({ ...named, before: forged({ ...named, value: 7, id }) });
    await expect(back).rejects.toMatchObject({
      fieldErrors: [{ field: 'before', code: 'invalidCursor' }],
    });
  });

  it('given cursors it wrote or could have, then they page on: an amount as a number or as text, a name of 200', async () => {
    const id = idOf(5);
    const amount = { sort: 'benefit_amount', direction: 'asc' };
    expect(
      (await search({ ...amount, after: forged({ ...amount, value: 5.5, id }) })).rows,
    ).toHaveLength(6);
    expect(
      (await search({ ...amount, after: forged({ ...amount, value: '-1', id }) })).rows,
    ).toHaveLength(10);
    const newest = { sort: 'created_at', direction: 'desc' };
    const later = forged({ ...newest, value: '2026-11-01T10:05:00.000Z', id });
    expect((await search({ ...newest, after: later })).rows).toHaveLength(5);
    const named = { sort: 'last_name', direction: 'asc' };
    expect(
      (await search({ ...named, after: forged({ ...named, value: 'A'.repeat(200), id }) })).rows,
    ).toHaveLength(10);
  });

  it('given a name with LIKE’s wildcards, when searched past the form’s check, then they are letters, not wildcards', async () => {
    const query = { type: 'name', first: 'a%', sort: 'created_at', direction: 'desc' } as const;
    expect((await searchClaims(harness.database.pool, query)).rows).toEqual([]);
    const underscore = { ...query, first: 'a_a' } as const;
    expect((await searchClaims(harness.database.pool, underscore)).rows).toEqual([]);
    expect(
      (await searchClaims(harness.database.pool, { ...query, first: 'an' })).rows,
    ).toHaveLength(10);
  });
});
