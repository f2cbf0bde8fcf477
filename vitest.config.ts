import { defineConfig } from 'vitest/config';
import { aliases } from './aliases.mjs';

// Two projects in one run: everything else, and the suites that need a real Kafka broker
// (started once by tests/support/global-kafka.ts; the broker-failure suite starts its own).
// The broker suites run after the rest and one file at a time: they measure latency and
// resume times, which two JVM clusters or the unit suites beside them would only blur.
// Likewise the files that time a portal under attack run last, each with the machine to itself.
// The HTTP fuzzing (10,000 requests at a portal process) starves whatever runs beside it.
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
