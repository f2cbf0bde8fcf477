import { defineConfig } from 'vitest/config';
import { aliases } from './aliases.mjs';

// Stryker's run: the unit suites beside the code it mutates, one worker. The Kafka, timed and
// HTTP suites stay with `npm test`: Stryker reruns the covering tests once per mutant.
// STRYKER_TESTS=domain keeps to the pure decide/evolve and contract suites (no database, no
// global setup), so the domain run takes minutes; the default adds the projection and guard
// suites and the one embedded Postgres they share.
const domainOnly = process.env.STRYKER_TESTS === 'domain';

const DOMAIN_TESTS = [
  'contracts/**/*.test.ts',
  'services/claims/decide-*.test.ts',
  'services/claims/{claim,claim-evolve}.test.ts',
  'services/shared/*.test.ts',
];
const WIDER_TESTS = [
  '{contracts,services,projections}/**/*.test.ts',
  'site/src/routing/*.test.ts',
  'site/src/lib/guards.server.test.ts',
  'tests/api/request-refusals.test.ts',
];

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    name: 'stryker',
    include: domainOnly ? DOMAIN_TESTS : WIDER_TESTS,
    exclude: ['node_modules', 'dist'],
    globalSetup: domainOnly ? [] : ['tests/support/global-postgres.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
