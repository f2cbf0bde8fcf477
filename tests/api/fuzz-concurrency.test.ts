import { claimStreamId } from '@contracts/claims/events';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiHarness,
  openApiHarness,
  pdf,
  renamedExecutable,
  submitSampleClaim,
} from './api-harness';
import {
  expectRaceInvariants,
  letterReadWrite,
  type RaceWrite,
  race,
  readEtag,
  staffSaveWrite,
  uploadWrite,
} from './race-harness';

/**
 * The fuzz suite's concurrency group (issue 24, decision 048): generated batches of writes
 * on one claim, all sent at once: uploads of any size or kind, letter reads, staff saves with
 * any body and a fresh, stale, missing, malformed or future If-Match, and double-clicks (one
 * Idempotency-Key sent twice). Whatever the batch, no answer is a 5xx, every refusal is a
 * 4xx problem+json, each applied command has exactly one event, the limits and the hash
 * chain hold. Runs on every `npm test`, in a few seconds.
 */

const MB = 1024 * 1024;

type Plan =
  | { readonly kind: 'upload'; readonly files: readonly number[]; readonly executable: boolean }
  | { readonly kind: 'garbageUpload'; readonly body: unknown }
  | { readonly kind: 'read' }
  | { readonly kind: 'save'; readonly body: unknown; readonly ifMatch: IfMatchPlan };

type IfMatchPlan = 'fresh' | 'stale' | 'missing' | 'malformed' | 'future' | 'star';

const fileSize = fc.constantFrom(2_000, 300_000, Math.round(1.9 * MB));
const uploadPlan = fc.record({
  kind: fc.constant('upload' as const),
  files: fc.array(fileSize, { minLength: 1, maxLength: 3 }),
  executable: fc.boolean(),
});
const garbagePlan = fc.record({
  kind: fc.constant('garbageUpload' as const),
  body: fc.oneof(fc.constant({}), fc.constant({ attachments: 'x' }), fc.anything()),
});
const saveBody = fc.oneof(
  fc.record({
    benefitAmount: fc.oneof(fc.integer({ min: 1, max: 999_999 }).map(String), fc.string()),
  }),
  fc.record({ status: fc.constantFrom('Pending', 'Approved', 'Denied', 'Closed', 'Nope') }),
  fc.record({ claimNumber: fc.oneof(fc.stringMatching(/^[A-Z0-9]{1,8}$/), fc.string()) }),
  fc.record(
    { firstPaymentDate: fc.constantFrom('2026-01-05', '2026-02-30', ''), status: fc.string() },
    { requiredKeys: [] },
  ),
  fc.anything(),
);
const savePlan = fc.record({
  kind: fc.constant('save' as const),
  body: saveBody,
  ifMatch: fc.constantFrom<IfMatchPlan>(
    'fresh',
    'fresh',
    'stale',
    'missing',
    'malformed',
    'future',
    'star',
  ),
});
const plan: fc.Arbitrary<Plan> = fc.oneof(
  { arbitrary: uploadPlan, weight: 4 },
  { arbitrary: garbagePlan, weight: 1 },
  { arbitrary: fc.constant({ kind: 'read' as const }), weight: 3 },
  { arbitrary: savePlan, weight: 4 },
);
/** A batch of writes, and which of them are double-clicked (sent twice with one key). */
const batch = fc.record({
  plans: fc.array(plan, { minLength: 8, maxLength: 16 }),
  doubled: fc.array(fc.nat(15), { maxLength: 4 }),
});

const IF_MATCH: Record<Exclude<IfMatchPlan, 'fresh' | 'missing'>, (stale: string) => string> = {
  stale: (stale) => stale,
  malformed: () => 'version-one',
  future: () => '"999999"',
  star: () => '*',
};

function toWrite(submissionId: string, stale: string, planned: Plan, n: number): RaceWrite {
  switch (planned.kind) {
    case 'upload':
      return uploadWrite(
        submissionId,
        planned.files.map((size, i) =>
          planned.executable && i === 0 ? renamedExecutable() : pdf(`fuzz-${n}-${i}.pdf`, size),
        ),
      );
    case 'garbageUpload':
      return uploadWrite(submissionId, planned.body);
    case 'read':
      return letterReadWrite(submissionId);
    case 'save': {
      const { ifMatch } = planned;
      const etag =
        ifMatch === 'fresh' ? undefined : ifMatch === 'missing' ? null : IF_MATCH[ifMatch](stale);
      return staffSaveWrite(submissionId, planned.body, etag);
    }
    default:
      return planned satisfies never;
  }
}

describe('fuzzing concurrent writes on one claim', () => {
  let api: ApiHarness;
  let requests = 0;
  let runs = 0;

  beforeAll(async () => {
    api = await openApiHarness();
  });
  afterAll(() => api.close());

  it('any batch of writes at once: no 5xx, one event per applied command, limits and chain hold', async () => {
    await fc.assert(
      fc.asyncProperty(batch, async ({ plans, doubled }) => {
        runs += 1;
        const submissionId = await submitSampleClaim();
        const [first] = await race([
          staffSaveWrite(submissionId, { claimNumber: `FZ${runs}`, status: 'Pending' }),
        ]);
        expect(first?.status).toBe(200);
        const stale = '"1"';
        const before = await api.runtime.eventStore.readStream(claimStreamId(submissionId));
        const writes = plans.map((planned, n) => toWrite(submissionId, stale, planned, n));
        const twice = doubled.flatMap((i) => (writes[i] ? [writes[i]] : []));
        const answers = await race([...writes, ...twice]);
        requests += answers.length;
        await expectRaceInvariants(api, submissionId, before, answers);

        for (const a of answers.filter((x) => x.kind === 'save' && x.status === 409)) {
          if (a.body?.currentVersion !== undefined) {
            expect(a.body.currentVersion).toBeGreaterThanOrEqual(before.length);
          }
        }
        // The version a client learns after the race is the stream's.
        const after = await api.runtime.eventStore.readStream(claimStreamId(submissionId));
        expect(await readEtag(submissionId)).toBe(`"${after.length}"`);
      }),
      { numRuns: 10, endOnFailure: true },
    );
    expect(requests).toBeGreaterThanOrEqual(80);
  });
});
