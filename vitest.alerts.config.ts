import { defineConfig } from 'vitest/config';
import { aliases } from './aliases.mjs';

// `npm run test:alerts`: the alert drill on the local stack (tests/alerts/), about 13 minutes,
// so not part of `npm test` (decision 134). One file, its steps in order.
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    name: 'alerts',
    include: ['tests/alerts/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 15 * 60_000,
    hookTimeout: 10 * 60_000,
  },
});
