import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimStatus } from '@contracts/claims/catalogue';
import { claimSearchQuerySchema } from '@contracts/claims/claim-search';
import { START_OF_LOG } from '@contracts/event-store';
import { ValidationError } from '@contracts/errors';
import { amendClaim } from '@services/claims/amend-claim';
import { submitClaim } from '@services/claims/submit-claim';
import {
  claimantFor,
  contextFor,
  type Harness,
  openHarness,
  staffContext,
  staffMember,
  submitRequest,
} from '@tests/support/claims/handler-harness';
import { applyBatch } from '../runner/run-projections';
import { claimsProjection } from './claims-projection';
import { type SearchRow, searchClaims } from './staff-search';
import { claimStatusCounts } from './status-counts';

/** Status given to the n-th claim submitted (0-based); the rest stay Submitted. */
const PLAN: Record<number, ClaimStatus> = {
  1: 'Pending',
  4: 'Pending',
  6: 'In Progress',
  9: 'Pending',
  12: 'Approved',
  13: 'Denied',
  15: 'Pending',
  18: 'In Progress',
  21: 'Pending',
  22: 'Approved',
};
const CLAIMS = 25;

describe('work queue: status filter, oldest first, counts', () => {
  let harness: Harness;
  const submitted: { id: string; at: string; type: string }[] = [];
  const search = (input: Record<string, string>) =>
    searchClaims(harness.database.pool, claimSearchQuerySchema.parse(input));

  async function project() {
    const appended = Number(
      (await harness.database.pool.query('select count(*) from events')).rows[0].count,
    );
    for (let tries = 0; tries < 100; tries += 1) {
      const events = await harness.ports.eventStore.readAll({
        after: START_OF_LOG,
        maxCount: 1_000,
      });
      // The whole log each time: events a row already holds are skipped, counts included.
      if (events.length >= appended)
        return applyBatch(harness.database.pool, claimsProjection, events);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('events not visible');
  }

  const statusOf = (index: number): ClaimStatus => PLAN[index] ?? 'Submitted';

  beforeAll(async () => {
    harness = await openHarness();
    // Submitted out of time order, so "oldest first" is not just "first written".
    const minutes = Array.from({ length: CLAIMS }, (_, i) => (i * 7) % CLAIMS);
    for (const [index, minute] of minutes.entries()) {
      const at = new Date(Date.UTC(2026, 0, 1, 9, minute));
      const claimType = index % 3 ? 'Disability' : 'Job Loss';
      const { submissionId } = await submitClaim(
        harness.ports,
        { ...submitRequest, claimType },
        claimantFor(`queue-${index}`),
        contextFor({ kind: 'customer', id: `queue-${index}` }, at),
      );
      submitted.push({ id: submissionId, at: at.toISOString(), type: claimType });
    }
    for (const [index, status] of Object.entries(PLAN)) {
      await amendClaim(
        harness.ports,
        {
          readVersion: 'latest',
          submissionId: submitted[Number(index)]!.id,
          changes: { status, claimNumber: `Q${index}` },
        },
        staffMember,
        staffContext(),
      );
    }
    await project();
  });
  afterAll(() => harness.close());

  /** The expected queue: claims in these statuses, oldest submission first. */
  const expected = (statuses: readonly ClaimStatus[], claimType?: string) =>
    submitted
      .map((claim, index) => ({ ...claim, status: statusOf(index) }))
      .filter((c) => statuses.includes(c.status) && (!claimType || c.type === claimType))
      .sort((a, b) => a.at.localeCompare(b.at))
      .map((c) => c.id);

  async function walk(input: Record<string, string>): Promise<SearchRow[][]> {
    const pages: SearchRow[][] = [];
    let after: string | undefined;
    do {
      const page = await search({ ...input, ...(after ? { after } : {}) });
      pages.push([...page.rows]);
      after = page.nextCursor;
    } while (after && pages.length < 10);
    return pages;
  }

  it('lists the claims of several statuses, waiting longest first, 10 a page, no repeats or gaps', async () => {
    const pages = await walk({
      statuses: 'submitted, pending',
      sort: 'created_at',
      direction: 'asc',
    });
    const statuses: ClaimStatus[] = ['Submitted', 'Pending'];
    expect(pages.map((page) => page.length)).toEqual([10, 10]);
    expect(pages.flat().map((row) => row.submissionId)).toEqual(expected(statuses));
    expect(pages.flat().every((row) => statuses.includes(row.status as ClaimStatus))).toBe(true);
  });

  it('narrows any search type: job-loss claims still pending or in progress, oldest first', async () => {
    const pages = await walk({
      type: 'claimType',
      value: 'job loss',
      statuses: 'pending,in progress',
      sort: 'created_at',
      direction: 'asc',
    });
    const ids = pages.flat().map((row) => row.submissionId);
    expect(ids).toEqual(expected(['Pending', 'In Progress'], 'Job Loss'));
    expect(ids.length).toBeGreaterThan(0);
  });

  it('one status, newest first, is the spec status search in another shape', async () => {
    const queue = await search({ statuses: 'pending' });
    const spec = await search({ type: 'status', value: 'pending' });
    expect(queue.rows.map((r) => r.submissionId)).toEqual(spec.rows.map((r) => r.submissionId));
    expect(queue.rows.map((r) => r.submissionId)).toEqual(expected(['Pending']).reverse());
  });

  it('walks back with `before` to the same first page', async () => {
    const input = {
      statuses: 'submitted,pending,in progress',
      sort: 'created_at',
      direction: 'asc',
    };
    const first = await search(input);
    const second = await search({ ...input, after: first.nextCursor ?? '' });
    const back = await search({ ...input, before: second.previousCursor ?? '' });
    expect(back.rows.map((r) => r.submissionId)).toEqual(first.rows.map((r) => r.submissionId));
    expect(back.previousCursor).toBeUndefined();
  });

  it('refuses a cursor of another order, and a forged one, as a 400 naming the field', async () => {
    const newest = await search({ statuses: 'submitted' });
    const forged = (cursor: object) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
    const id = newest.rows[0]!.submissionId;
    for (const after of [
      newest.nextCursor ?? '',
      forged({ sort: 'created_at', direction: 'asc', value: 'yesterday', id }),
      forged({ sort: 'benefit_amount', direction: 'asc', value: 1, id }),
      forged({ value: '2026-01-01T09:00:00.000Z', id }),
      'not-a-cursor',
    ]) {
      const refused = search({
        statuses: 'submitted',
        sort: 'created_at',
        direction: 'asc',
        after,
      });
      await expect(refused).rejects.toBeInstanceOf(ValidationError);
      await expect(refused).rejects.toMatchObject({
        fieldErrors: [{ field: 'after', code: 'invalidCursor' }],
      });
    }
  });

  it.each([
    [{ statuses: 'lost' }, 'search.invalidStatus'],
    [{ statuses: 'pending,,approved' }, 'search.invalidStatus'],
    [{ statuses: '' }, 'search.typeRequired'],
    [{}, 'search.typeRequired'],
    [{ type: 'email', value: 'a@b.c', statuses: 'closed' }, 'search.invalidStatus'],
  ])('refuses %o with %s', (input, code) => {
    const result = claimSearchQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(code);
  });

  it('counts claims per status as the claims table holds them, after a change and a replay', async () => {
    const counted = async () => {
      const { rows } = await harness.database.pool.query<{ status: string; n: string }>(
        'select status, count(*) as n from claims group by status',
      );
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    };
    expect(await claimStatusCounts(harness.database.pool)).toEqual({
      Submitted: 15,
      Pending: 5,
      'In Progress': 2,
      Approved: 2,
      Denied: 1,
    });
    await amendClaim(
      harness.ports,
      { readVersion: 'latest', submissionId: submitted[1]!.id, changes: { status: 'Approved' } },
      staffMember,
      staffContext(),
    );
    await project();
    await project();
    const counts = await claimStatusCounts(harness.database.pool);
    expect(counts).toMatchObject({ Pending: 4, Approved: 3 });
    expect(counts).toMatchObject(await counted());
  });
});
