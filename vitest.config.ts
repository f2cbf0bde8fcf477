import { defineConfig } from 'vitest/config';
import { aliases } from './aliases.mjs';

// Two projects in one run: everything else, and the suites that need a real Kafka broker
// (started once by tests/support/global-kafka.ts; the broker-failure suite starts its own).
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
          exclude: ['node_modules', 'dist', 'tests/e2e/**', 'tests/kafka/**'],
          globalSetup: ['tests/support/global-postgres.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'kafka',
          include: ['tests/kafka/**/*.test.ts'],
          globalSetup: ['tests/support/global-postgres.ts', 'tests/support/global-kafka.ts'],
          testTimeout: 300_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
