// The module groups of `npm run test:mutation` (issue 48, docs/testing.md "Mutation testing").
// Each group pairs the files Stryker mutates with the small set of suites that cover them: with
// `related: true` a mutant reruns every suite of the set that imports its file, so one wide set
// for the whole scope reruns the claim suites for every document-policy mutant (projected at
// 5 hours). `scripts/mutation/groups.test.ts` checks that the groups split the scope exactly.

/**
 * @typedef {object} MutationGroup
 * @property {string} name  The `STRYKER_TESTS` value and the `test:mutation:<name>` script.
 * @property {string[]} mutate  Stryker `--mutate` globs (a leading `!` excludes).
 * @property {string[]} tests  The Vitest include globs run against each mutant.
 * @property {boolean} database  Whether the suites need the shared embedded Postgres.
 */

/** Never mutated: tests, test builders and type declarations. */
const NOT_MUTATED = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/*.d.ts'];

/** @type {MutationGroup[]} */
export const MUTATION_GROUPS = [
  {
    name: 'domain',
    mutate: [
      'services/claims/decide-*.ts',
      'services/claims/claim.ts',
      'services/shared/*.ts',
      'contracts/claims/*-rules.ts',
      'contracts/claims/reasons.ts',
      'contracts/claims/claim-draft.ts',
    ],
    tests: [
      'contracts/**/*.test.ts',
      'services/claims/decide-*.test.ts',
      'services/claims/{claim,claim-evolve}.test.ts',
      'services/shared/*.test.ts',
    ],
    database: false,
  },
  {
    name: 'guards',
    mutate: [
      'site/src/routing/csrf.ts',
      'site/src/routing/request-shape.ts',
      'site/src/lib/guards.server.ts',
    ],
    tests: [
      'site/src/routing/*.test.ts',
      'site/src/lib/guards.server.test.ts',
      'tests/api/request-refusals.test.ts',
    ],
    database: true,
  },
  {
    name: 'documents',
    mutate: ['services/claims/document-policy/*.ts'],
    tests: ['services/claims/document-policy/*.test.ts'],
    database: false,
  },
  {
    name: 'checkpoints',
    mutate: ['projections/runner/checkpoints.ts', 'projections/runner/checkpoint-signal.ts'],
    tests: ['projections/runner/{checkpoints,checkpoint-signal}.test.ts'],
    database: true,
  },
  {
    name: 'audit',
    mutate: ['projections/audit/*.ts'],
    tests: ['projections/audit/*.test.ts', 'infra/audit/checkpoint-signer.test.ts'],
    database: true,
  },
  {
    // The claim command handlers and what they stand on, beside the domain group's deciders.
    name: 'claim-handlers',
    mutate: ['services/claims/*.ts', '!services/claims/decide-*.ts', '!services/claims/claim.ts'],
    tests: ['services/claims/*.test.ts'],
    database: true,
  },
  {
    name: 'identity',
    mutate: ['services/identity/**/*.ts'],
    tests: ['services/identity/*.test.ts', 'infra/identity/identity-pruner.test.ts'],
    database: true,
  },
  {
    name: 'claims-projection',
    mutate: ['projections/claims/*.ts'],
    tests: ['projections/claims/*.test.ts'],
    database: true,
  },
  {
    // Every contracts/ file outside the domain group, against the contract suites alone.
    name: 'contracts',
    mutate: [
      'contracts/**/*.ts',
      '!contracts/claims/*-rules.ts',
      '!contracts/claims/reasons.ts',
      '!contracts/claims/claim-draft.ts',
    ],
    tests: ['contracts/**/*.test.ts'],
    database: false,
  },
];

/** A group by name, or an error naming the ones there are. */
export function mutationGroup(name) {
  const group = MUTATION_GROUPS.find((candidate) => candidate.name === name);
  if (!group) {
    const names = MUTATION_GROUPS.map((candidate) => candidate.name).join(', ');
    throw new Error(`no mutation group "${name}": one of ${names}`);
  }
  return group;
}

const notMutated = NOT_MUTATED.map((pattern) => `!${pattern}`);

/** The `--mutate` list of one group's run: its globs, never a test or a test builder. */
export const mutateOf = (group) => [...group.mutate, ...notMutated];

/**
 * Every group's files: the default `mutate` of stryker.config.mjs. Only the groups' own globs:
 * a `!` of one group carves out another group's files, which the union must keep.
 */
export const WHOLE_SCOPE = [
  ...MUTATION_GROUPS.flatMap((group) => group.mutate.filter((glob) => !glob.startsWith('!'))),
  ...notMutated,
];
