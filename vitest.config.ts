import { defineConfig } from 'vitest/config';
import { aliases } from './aliases.mjs';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['{contracts,services,projections,infra,site,tests}/**/*.test.{ts,tsx}'],
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    globalSetup: ['tests/support/global-postgres.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
