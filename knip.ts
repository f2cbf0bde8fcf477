import type { KnipConfig } from 'knip';

/**
 * knip finds unused files, exports, types and dependencies (`npm test` runs it: 0 findings).
 * It reads the entries it can from package.json scripts and the Astro, Vitest and Playwright
 * configs; the ones it cannot see are listed here. Anything kept although knip calls it unused
 * is named below with the reason it stays: there is no ignore without a reason.
 */
interface Kept {
  readonly reason: string;
}

/** Entries knip's plugins do not find on their own. */
const entries: Record<string, Kept> = {
  'tests/support/global-{postgres,kafka}.ts': {
    reason: "Vitest's globalSetup inside `test.projects`, which the Vitest plugin does not follow",
  },
  'vitest.stryker.config.ts': {
    reason: 'the Vitest config StrykerJS runs (stryker.config.mjs names it as a string)',
  },
  'tests/kafka/support/relay-worker.ts': {
    reason:
      "a portal's relay, notification consumer and mail queue in a process of its own, which tests/kafka/relay-freeze.test.ts spawns by path",
  },
  'scripts/api-types/typescript5-hook.mjs': {
    reason: 'a module resolve hook that scripts/api-types/generate.ts registers by path',
  },
};

/** Dependencies no import names. */
const dependencies: Record<string, Kept> = {
  'pino-pretty': {
    reason: 'pino loads it by name as a transport target (infra/logging/logger.ts), not by import',
  },
  s3rver: {
    reason: 'loaded through createRequire (tests/support/s3rver.ts): the package ships no types',
  },
};

/** Folders outside the project that knip should not read. */
const outside: Record<string, Kept> = {
  'scripts/bench/emmett-reference/**': {
    reason:
      'a package of its own (package.json, lock) that `npm run bench:append` installs apart: the Emmett reference it compares with',
  },
};

/** Programs run that no package provides. */
const binaries: Record<string, Kept> = {
  java: { reason: 'the Kafka broker of the tests and the local stack runs on the system JVM' },
  'fc-list': {
    reason: "fontconfig's: bench:lighthouse checks a CJK font is installed (decision 141)",
  },
  chrt: {
    reason: "util-linux's: npm test runs its background suites in SCHED_IDLE (decision 155)",
  },
};

/**
 * Files whose findings are left for now. Another branch is splitting them; its merge removes
 * or moves these exports, and this list shrinks with it.
 */
const leftForNow: Record<string, Kept> = {};

/** Generated files: their exports are whatever the generator writes. */
const generated: Record<string, Kept> = {
  'contracts/api/openapi-types.ts': {
    reason:
      '`npm run api:types` (openapi-typescript) exports every part of the document; the client uses `paths`',
  },
};

export default {
  entry: Object.keys(entries),
  project: [
    '{contracts,services,projections,infra,scripts,tests}/**/*.{ts,tsx,mjs}',
    'site/src/**/*.{ts,tsx,astro,mjs}',
    '*.{ts,mjs}',
  ],
  ignore: Object.keys(outside),
  ignoreDependencies: Object.keys(dependencies),
  ignoreBinaries: Object.keys(binaries),
  ignoreIssues: Object.fromEntries(
    [...Object.keys(leftForNow), ...Object.keys(generated)].map((glob) => [
      glob,
      ['exports', 'types'] as const,
    ]),
  ),
} satisfies KnipConfig;
