import { defineConfig } from 'vitest/config';
import { aliases } from './aliases.mjs';

// Three projects: everything else; the suites that need a real Kafka broker (started once by
// tests/support/global-kafka.ts; the cluster suites start their own); and the files that time a
// portal under attack. `vitest run` takes them in that order. The broker suites run one file
// at a time: they measure latency and resume times, which two JVM clusters side by side would
// only blur. `npm test` runs the broker project in a second Vitest beside Playwright
// (scripts/run-tests.mjs, decision 151), and the timed files right after the unit project,
// each with the machine to itself: the HTTP fuzzing (10,000 requests at a portal process)
// starves whatever runs beside it.
const TIMED_ALONE = ['tests/faults/hostile-files.test.ts', 'tests/api/fuzz-http.test.ts'];

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{contracts,services,projections,infra,site,tests}/**/*.test.{ts,tsx}'],
          exclude: [
            'node_modules',
            'dist',
            'tests/e2e/**',
            'tests/kafka/**',
            // npm run test:alerts (vitest.alerts.config.ts): 13 minutes on the local stack.
            'tests/alerts/**',
            ...TIMED_ALONE,
          ],
          globalSetup: ['tests/support/global-postgres.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'kafka',
          include: ['tests/kafka/**/*.test.ts'],
          globalSetup: ['tests/support/global-postgres.ts', 'tests/support/global-kafka.ts'],
          sequence: { groupOrder: 1 },
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'timed',
          include: TIMED_ALONE,
          globalSetup: ['tests/support/global-postgres.ts'],
          sequence: { groupOrder: 2 },
          fileParallelism: false,
        },
      },
    ],
  },
});
