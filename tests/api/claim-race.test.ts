import { claimStreamId } from '@contracts/claims/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as submit } from '@site/pages/api/claims/index';
import { type ApiHarness, apiContext, jsonRequest, openApiHarness, pdf } from './api-harness';
import {
  expectRaceInvariants,
  letterReadWrite,
  type RaceWrite,
  race,
  readEtag,
  staffSaveWrite,
  uploadWrite,
} from './race-harness';

const MB = 1024 * 1024;

/** Issue 24: many writers on one claim at once; decision 048 says what each must get. */
describe('racing writes on one claim', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await openApiHarness();
  });
  afterAll(() => api.close());

  /** A claim with five initial documents (the most a submission takes), so 15 in all binds. */
  async function claimWithFiveDocuments(policyNumber: string): Promise<string> {
    const documents = [1, 2, 3, 4, 5].map((n) => ({
      ...pdf(`initial-${policyNumber}-${n}.pdf`),
      kind: 'supporting',
    }));
    const response = await submit(
      apiContext(
        jsonRequest('/api/claims', {
          policyNumber,
          productCode: '210',
          productType: 'Mortgage',
          claimType: 'Job Loss',
          documents,
        }),
      ),
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { submissionId: string }).submissionId;
  }

  function shuffled<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  it('52 uploads, letter reads and staff saves: no 5xx, one event per 2xx, limits and chain hold', async () => {
    const submissionId = await claimWithFiveDocuments('RACE-1');
    // A first save leaves the letter unread, so the reads have something to record.
    const [first] = await race([
      staffSaveWrite(submissionId, { claimNumber: 'RACE1', status: 'Pending' }),
    ]);
    expect(first?.status).toBe(200);
    const staleEtag = await readEtag(submissionId);
    const before = await api.runtime.eventStore.readStream(claimStreamId(submissionId));

    const writes: RaceWrite[] = [
      // 8 × 3 MiB offered against 16 MiB, 20 documents against 10 more: both limits bind.
      ...Array.from({ length: 12 }, (_, n) =>
        uploadWrite(submissionId, [pdf(`small-${n}.pdf`, 30_000)]),
      ),
      ...Array.from({ length: 8 }, (_, n) =>
        uploadWrite(submissionId, [pdf(`large-${n}.pdf`, 3 * MB)]),
      ),
      ...Array.from({ length: 12 }, () => letterReadWrite(submissionId)),
      ...Array.from({ length: 12 }, (_, n) =>
        staffSaveWrite(submissionId, { benefitAmount: String(1000 + n) }),
      ),
      ...Array.from({ length: 8 }, (_, n) =>
        staffSaveWrite(submissionId, { status: n % 2 ? 'Approved' : 'Denied' }, staleEtag),
      ),
    ];
    expect(writes.length).toBeGreaterThanOrEqual(50);
    const answers = await race(shuffled(writes));
    const { claim } = await expectRaceInvariants(api, submissionId, before, answers);

    const uploads = answers.filter((a) => a.kind === 'upload');
    expect(uploads.filter((a) => a.status === 201).length).toBeGreaterThan(0);
    expect(uploads.some((a) => a.status === 400 && a.body?.code === 'VALIDATION_FAILED')).toBe(
      true,
    );
    const saves = answers.filter((a) => a.kind === 'save');
    expect(saves.some((a) => a.status === 200)).toBe(true);
    for (const refused of saves.filter((a) => a.status === 409)) {
      // Every refused save learns the version now and what changed since its own.
      expect(refused.body?.currentVersion).toEqual(expect.any(Number));
      expect(((refused.body?.changes ?? []) as unknown[]).length).toBeGreaterThan(0);
    }
    // A form read before the race can never win against the saves during it.
    const staleKeys = new Set(writes.slice(-8).map((w) => w.key));
    const staleWins = saves.filter((a) => staleKeys.has(a.key) && a.status === 200);
    expect(staleWins.length).toBeLessThanOrEqual(1);
    expect(claim.documents.length).toBeGreaterThan(5);
  });

  it('one new claim number saved on two claims at once: one holds it, the others get 409', async () => {
    const [a, b] = [await claimWithFiveDocuments('RACE-2'), await claimWithFiveDocuments('RACE-3')];
    const number = `R${Date.now().toString(36).slice(-6)}`.toUpperCase();
    const writes = [a, b].flatMap((id) =>
      Array.from({ length: 6 }, () => staffSaveWrite(id, { claimNumber: number })),
    );
    const beforeA = await api.runtime.eventStore.readStream(claimStreamId(a));
    const beforeB = await api.runtime.eventStore.readStream(claimStreamId(b));
    const answers = await race(shuffled(writes));
    const onA = answers.filter((x) => writes.slice(0, 6).some((w) => w.key === x.key));
    const onB = answers.filter((x) => !onA.includes(x));
    const claimA = (await expectRaceInvariants(api, a, beforeA, onA)).claim;
    const claimB = (await expectRaceInvariants(api, b, beforeB, onB)).claim;

    const holders = [claimA, claimB].filter((c) => c.claimNumber === number);
    expect(holders).toHaveLength(1);
    for (const refused of answers.filter((x) => x.status === 409)) {
      const errors = (refused.body?.errors ?? []) as { field: string }[];
      const namesField = errors.some((e) => e.field === 'claimNumber');
      const stale = typeof refused.body?.currentVersion === 'number';
      expect(namesField || stale, JSON.stringify(refused.body)).toBe(true);
    }
    const loser = holders[0] === claimA ? onB : onA;
    expect(loser.some((x) => x.status === 409)).toBe(true);
  });
});
