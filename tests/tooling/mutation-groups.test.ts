import { globSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MUTATION_GROUPS, mutateOf, WHOLE_SCOPE } from '../../scripts/mutation/groups.mjs';
import { sumTallies, tallyReport } from '../../scripts/mutation/tally';
import strykerConfig from '../../stryker.config.mjs';

/** Issue 48's scope for the mutation score, as the issue names it. */
const ISSUE_SCOPE = [
  'services/**/*.ts',
  'contracts/**/*.ts',
  'projections/claims/**/*.ts',
  'projections/audit/**/*.ts',
  'projections/runner/checkpoints.ts',
  'projections/runner/checkpoint-signal.ts',
  'site/src/routing/csrf.ts',
  'site/src/routing/request-shape.ts',
  'site/src/lib/guards.server.ts',
];

/** Source files, never tests or test builders, as the issue means them. */
const NOT_SOURCE = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/*.d.ts'];

/** Files a list of Stryker globs names: positives matched on disk, then `!` ones removed. */
function filesOf(patterns: readonly string[]): string[] {
  const include = patterns.filter((pattern) => !pattern.startsWith('!'));
  const exclude = patterns
    .filter((pattern) => pattern.startsWith('!'))
    .map((pattern) => pattern.slice(1));
  const files = include.flatMap((pattern) => globSync(pattern));
  return [...new Set(files)].filter((file) => !exclude.some((glob) => matchesGlob(file, glob)));
}

describe('the mutation groups split issue 48 scope exactly', () => {
  const scope = filesOf([...ISSUE_SCOPE, ...NOT_SOURCE.map((glob) => `!${glob}`)]).sort();
  const owners = new Map<string, string[]>();
  for (const group of MUTATION_GROUPS) {
    for (const file of filesOf(mutateOf(group)))
      owners.set(file, [...(owners.get(file) ?? []), group.name]);
  }

  it('every file of the scope is mutated by one group', () => {
    const unowned = scope.filter((file) => !owners.has(file));
    expect(unowned).toEqual([]);
    expect(scope.length).toBeGreaterThan(100);
  });

  it('no file is mutated by two groups, and no group reaches outside the scope', () => {
    const twice = [...owners].filter(([, groups]) => groups.length > 1);
    expect(twice).toEqual([]);
    expect([...owners.keys()].filter((file) => !scope.includes(file))).toEqual([]);
  });

  it("Stryker's default run mutates the whole scope", () => {
    expect(strykerConfig.mutate).toEqual(WHOLE_SCOPE);
    expect(filesOf(WHOLE_SCOPE).sort()).toEqual(scope);
  });
});

describe('a Stryker report tallied as Stryker scores it', () => {
  const report = (statuses: string[]) => ({
    files: { 'a.ts': { mutants: statuses.map((status) => ({ status })) } },
  });

  it('counts killed and timed-out mutants as detected, and leaves static ones out', () => {
    const tally = tallyReport(
      report(['Killed', 'Killed', 'Timeout', 'Survived', 'NoCoverage', 'Ignored', 'CompileError']),
    );
    expect(tally).toMatchObject({ mutants: 7, killed: 2, timeout: 1, survived: 1, noCoverage: 1 });
    expect(tally.other).toBe(2);
    expect(tally.score).toBe(60);
  });

  it('adds groups by their mutants, not by averaging their scores', () => {
    const small = tallyReport(report(['Survived']));
    const large = tallyReport(report(Array.from({ length: 9 }, () => 'Killed')));
    expect(sumTallies([small, large]).score).toBe(90);
  });

  it('scores a group with nothing to test as fully detected', () => {
    expect(tallyReport(report(['Ignored'])).score).toBe(100);
  });
});
