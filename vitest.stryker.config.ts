import { defineConfig } from 'vitest/config';
import { aliases } from './aliases.mjs';

// Stryker's run: the unit suites beside the code it mutates, one worker. The Kafka, timed and
// HTTP suites stay with `npm test`: Stryker reruns the covering tests once per mutant.
// STRYKER_TESTS names a smaller set for one module group (docs/testing.md, "Mutation testing"):
// `domain` the pure decide/evolve and contract suites (no database, no global setup), `guards`
// the CSRF, refusal-shape and guard suites, `documents` the document policy's own suite,
// `checkpoints`, `audit` and `claims-projection` the suites beside those projections. The
// default adds every projection and service suite and the one embedded Postgres they share:
// with `related` on, a mutant in the document policy then reruns every claim suite that
// uploads a file (190 tests, projected at 5 hours).
const TEST_SETS = {
  domain: [
    'contracts/**/*.test.ts',
    'services/claims/decide-*.test.ts',
    'services/claims/{claim,claim-evolve}.test.ts',
    'services/shared/*.test.ts',
  ],
  guards: [
    'site/src/routing/*.test.ts',
    'site/src/lib/guards.server.test.ts',
    'tests/api/request-refusals.test.ts',
  ],
  documents: ['services/claims/document-policy/*.test.ts'],
  checkpoints: ['projections/runner/{checkpoints,checkpoint-signal}.test.ts'],
  audit: ['projections/audit/*.test.ts', 'infra/audit/checkpoint-signer.test.ts'],
  'claims-projection': ['projections/claims/*.test.ts'],
  // the claim handlers' own suites; the decide-* ones reach read-staff-edit and own-claim
  'claim-handlers': ['services/claims/*.test.ts'],
  identity: ['services/identity/*.test.ts', 'infra/identity/identity-pruner.test.ts'],
  wider: [
    '{contracts,services,projections}/**/*.test.ts',
    'site/src/routing/*.test.ts',
    'site/src/lib/guards.server.test.ts',
    'tests/api/request-refusals.test.ts',
  ],
} as const;
const DATABASE_FREE = new Set(['domain', 'documents']);

const set = (process.env.STRYKER_TESTS ?? 'wider') as keyof typeof TEST_SETS;
if (!(set in TEST_SETS)) throw new Error(`STRYKER_TESTS=${set}: one of ${Object.keys(TEST_SETS)}`);

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    name: 'stryker',
    include: [...TEST_SETS[set]],
    exclude: ['node_modules', 'dist'],
    globalSetup: DATABASE_FREE.has(set) ? [] : ['tests/support/global-postgres.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
