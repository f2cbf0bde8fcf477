/**
 * Mutation testing (issue 48): `npm run test:mutation` runs Stryker once per module group
 * (scripts/mutation/run.ts); `npm run test:mutation -- audit` runs one. Not part of `npm test`:
 * see docs/testing.md for its time and the survivors kept.
 */
import { WHOLE_SCOPE } from './scripts/mutation/groups.mjs';

export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts', pool: 'forks', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  // A static mutant (a module-level constant: catalogues, message tables, OpenAPI text) needs
  // every test rerun with a fresh module graph; 1,801 of the first 2,991 mutants were static and
  // took 95 % of the time. Their strings are pinned by the locale and schema tests instead.
  ignoreStatic: true,
  // The whole scope of issue 48: every group of scripts/mutation/groups.mjs.
  mutate: WHOLE_SCOPE,
  // TypeScript 7 (the native compiler) has no JS API for Stryker's tsconfig rewrite; ours needs
  // none (no `references`, `extends` a package), so point the rewrite at no file.
  tsconfigFile: 'tsconfig.stryker-none.json',
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  thresholds: { high: 90, low: 85, break: 85 },
  concurrency: 1,
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
