import { defineConfig } from 'vitest/config';
import { aliases } from './aliases.mjs';
import { mutationGroup } from './scripts/mutation/groups.mjs';

// Stryker's run: the suites of one module group (scripts/mutation/groups.mjs), named by
// STRYKER_TESTS, one worker. The Kafka, timed and HTTP suites stay with `npm test`: Stryker
// reruns the covering tests once per mutant. `npm run test:mutation` sets STRYKER_TESTS for
// each group in turn.
const name = process.env.STRYKER_TESTS;
if (!name) throw new Error('STRYKER_TESTS names a mutation group: run `npm run test:mutation`');
const group = mutationGroup(name);

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    name: 'stryker',
    include: group.tests,
    exclude: ['node_modules', 'dist'],
    globalSetup: group.database ? ['tests/support/global-postgres.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
