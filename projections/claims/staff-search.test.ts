import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimSearchQuerySchema } from '@contracts/claims/claim-search';
import { START_OF_LOG } from '@contracts/event-store';
import { amendClaim } from '@services/claims/amend-claim';
import { submitClaim } from '@services/claims/submit-claim';
import {
  contextFor,
  type Harness,
  openHarness,
  staffContext,
  staffMember,
  submitRequest,
} from '@tests/support/claims/handler-harness';
import { applyBatch } from '../runner/run-projections';
import { claimsProjection } from './claims-projection';
import { searchClaims } from './staff-search';

const people = [
  { id: 'helene', firstName: 'Hélène', lastName: 'Côté', claims: 12 },
  { id: 'marc', firstName: 'Marc', lastName: 'Côté', claims: 1 },
  { id: 'ana', firstName: 'Ana', lastName: "O'Neil", claims: 1 },
];

/** Projects every appended event once it is visible to the global-order reader. */
async function projectAll(harness: Harness): Promise<void> {
  // Every appended event, not a guess at how many: under load the last commits become
  // visible to the global-order reader a moment after they return.
  const appended = Number(
    (await harness.database.pool.query('select count(*) from events')).rows[0].count,
  );
  for (let tries = 0; tries < 100; tries += 1) {
    const events = await harness.ports.eventStore.readAll({ after: START_OF_LOG, maxCount: 1_000 });
    if (events.length >= appended) {
      await applyBatch(harness.database.pool, claimsProjection, events);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('staff search', () => {
  let harness: Harness;
  let numbered: string;
  const search = (input: Record<string, string>) =>
    searchClaims(harness.database.pool, claimSearchQuerySchema.parse(input));

  beforeAll(async () => {
    harness = await openHarness();
    let minute = 0;
    for (const person of people) {
      for (let i = 0; i < person.claims; i += 1) {
        minute += 1;
        const claimant = {
          customerId: person.id,
          email: `${person.id}@Example.com`,
          firstName: person.firstName,
          lastName: person.lastName,
          dateOfBirth: '1980-01-01',
        };
        const { submissionId } = await submitClaim(
          harness.ports,
          { ...submitRequest, claimType: i % 2 ? 'Disability' : 'Job Loss' },
          claimant,
          contextFor(
            { kind: 'customer', id: person.id },
            new Date(Date.UTC(2026, 0, 1, 0, minute)),
          ),
        );
        numbered ??= submissionId;
      }
    }
    await amendClaim(
      harness.ports,
      {
        readVersion: 'latest',
        submissionId: numbered,
        changes: { claimNumber: 'ab12', status: 'In Progress' },
      },
      staffMember,
      staffContext(),
    );
    await projectAll(harness);
  });
  afterAll(() => harness.close());

  it('finds by claim number, confirmation number, status and email, whatever the case and spaces', async () => {
    const byNumber = await search({ type: 'claimNumber', value: '  AB12 ' });
    expect(byNumber.rows.map((r) => r.submissionId)).toEqual([numbered]);
    const confirmation = byNumber.rows[0]?.confirmationNumber ?? '';
    expect(
      (await search({ type: 'confirmationNumber', value: confirmation.toLowerCase() })).rows,
    ).toHaveLength(1);
    expect(
      (await search({ type: 'status', value: 'in progress' })).rows.map((r) => r.submissionId),
    ).toEqual([numbered]);
    expect((await search({ type: 'email', value: 'ANA@example.com' })).rows).toHaveLength(1);
    expect((await search({ type: 'userId', value: 'marc' })).rows).toHaveLength(1);
  });

  it('matches names without regard to case or accents, first and/or last', async () => {
    expect((await search({ type: 'name', last: 'cote' })).rows).toHaveLength(10);
    expect(
      (await search({ type: 'name', first: 'HELENE', last: 'Côté' })).rows.every(
        (r) => r.firstName === 'Hélène',
      ),
    ).toBe(true);
    expect((await search({ type: 'name', first: 'marc' })).rows).toHaveLength(1);
    expect((await search({ type: 'name', last: "o'neil" })).rows).toHaveLength(1);
  });

  it('pages by keyset, 10 rows a page, newest first, without repeats or gaps', async () => {
    const first = await search({ type: 'name', last: 'côté' });
    expect(first.rows).toHaveLength(10);
    expect(first.nextCursor).toBeDefined();
    const second = await search({ type: 'name', last: 'côté', after: first.nextCursor ?? '' });
    expect(second.rows).toHaveLength(3);
    expect(second.nextCursor).toBeUndefined();
    const ids = [...first.rows, ...second.rows].map((r) => r.submissionId);
    expect(new Set(ids).size).toBe(13);
    const times = [...first.rows, ...second.rows].map((r) => r.submittedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('pages back with `before`: the previous page again, and no way back from the first', async () => {
    const first = await search({ type: 'name', last: 'côté' });
    expect(first.previousCursor).toBeUndefined();
    const second = await search({ type: 'name', last: 'côté', after: first.nextCursor ?? '' });
    expect(second.previousCursor).toBeDefined();
    const back = await search({ type: 'name', last: 'côté', before: second.previousCursor ?? '' });
    expect(back.rows.map((r) => r.submissionId)).toEqual(first.rows.map((r) => r.submissionId));
    expect(back.previousCursor).toBeUndefined();
    expect(back.nextCursor).toBe(first.nextCursor);
  });

  it('sorts by another column and pages through it the same way', async () => {
    const all: string[] = [];
    let after: string | undefined;
    do {
      const page = await search({
        type: 'claimType',
        value: 'job loss',
        sort: 'first_name',
        direction: 'asc',
        ...(after ? { after } : {}),
      });
      all.push(...page.rows.map((r) => r.firstName));
      after = page.nextCursor;
    } while (after);
    expect(all).toEqual([...all].sort());
    expect(all).toHaveLength(8);
  });

  it.each([
    [{ type: 'nope' }, 'search.typeRequired'],
    [{ type: 'name' }, 'search.nameRequired'],
    [{ type: 'email', value: 'no-at-sign' }, 'search.invalidEmail'],
    [{ type: 'claimNumber', value: '   ' }, 'search.valueRequired'],
    [{ type: 'email', value: ' ' }, 'search.emailEmpty'],
    [{ type: 'status', value: 'lost' }, 'search.invalidStatus'],
    [{ type: 'name', first: '1' }, 'search.invalidName'],
  ])('refuses %o with %s', (input, code) => {
    const result = claimSearchQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(code);
  });
});

describe('staff search: names of any script (decision 116)', () => {
  let harness: Harness;
  const search = (input: Record<string, string>) =>
    searchClaims(harness.database.pool, claimSearchQuerySchema.parse(input));

  beforeAll(async () => {
    harness = await openHarness();
    const names = [
      ['marie-eve', 'Marie-Ève', "O'Neil"],
      ['wang', '小明', '王'],
      ['nguyen', 'Văn An', 'Nguyễn'],
    ] as const;
    for (const [id, firstName, lastName] of names) {
      await submitClaim(
        harness.ports,
        submitRequest,
        {
          customerId: id,
          email: `${id}@example.com`,
          firstName,
          lastName,
          dateOfBirth: '1980-01-01',
        },
        contextFor({ kind: 'customer', id }, new Date(Date.UTC(2026, 0, 2))),
      );
    }
    await projectAll(harness);
  });
  afterAll(() => harness.close());

  it('finds them folded (case, accents) and shows them as typed', async () => {
    const [marieEve] = (await search({ type: 'name', first: 'marie-eve' })).rows;
    expect(marieEve).toMatchObject({ firstName: 'Marie-Ève', lastName: "O'Neil" });
    const [wang] = (await search({ type: 'name', last: '王' })).rows;
    expect(wang).toMatchObject({ firstName: '小明', lastName: '王' });
    expect((await search({ type: 'name', first: '小明', last: '王' })).rows).toHaveLength(1);
    const [nguyen] = (await search({ type: 'name', last: 'NGUYEN' })).rows;
    expect(nguyen).toMatchObject({ firstName: 'Văn An', lastName: 'Nguyễn' });
  });
});
