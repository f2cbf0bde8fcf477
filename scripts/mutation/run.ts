/**
 * `npm run test:mutation [-- group …]`: StrykerJS over every module group of issue 48's scope
 * (scripts/mutation/groups.mjs), one group after another, each with its own test set and
 * incremental file, then one table: each group's score and the whole scope's. Exits non-zero
 * when a group is under the break threshold or a Stryker run fails.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { MUTATION_GROUPS, mutateOf, mutationGroup } from './groups.mjs';
import {
  listPlacesWithoutSurvivors,
  listSurvivors,
  placesWithoutSurvivors,
  reasonsFrom,
  survivorsOf,
} from './survivors';
import { formatTally, type MutationTally, sumTallies, tallyReport } from './tally';

const BREAK = 85;
const REPORTS = 'reports/mutation';

interface GroupResult {
  readonly name: string;
  readonly tally: MutationTally | undefined;
  readonly seconds: number;
  readonly exitCode: number;
}

function runGroup(name: string, fresh: boolean): GroupResult {
  const group = mutationGroup(name);
  const incremental = `reports/stryker-incremental-${name}.json`;
  if (fresh) rmSync(incremental, { force: true });
  const report = `${REPORTS}/mutation.json`;
  rmSync(report, { force: true });
  const mutate = mutateOf(group);
  process.stdout.write(`\n=== mutation group ${name}: ${mutate.join(', ')}\n`);
  const started = performance.now();
  const run = spawnSync(
    'npx',
    ['stryker', 'run', '--incrementalFile', incremental, '--mutate', mutate.join(',')],
    { stdio: 'inherit', env: { ...process.env, STRYKER_TESTS: name } },
  );
  const seconds = (performance.now() - started) / 1000;
  if (!existsSync(report)) return { name, tally: undefined, seconds, exitCode: run.status ?? 1 };
  mkdirSync(REPORTS, { recursive: true });
  copyFileSync(report, `${REPORTS}/${name}.json`);
  const tally = tallyReport(JSON.parse(readFileSync(report, 'utf8')));
  return { name, tally, seconds, exitCode: run.status ?? 1 };
}

/** reports/mutation/survivors.md: each group's survivors with docs/testing.md's why. */
function writeSurvivors(names: readonly string[]): string[] {
  const reasons = reasonsFrom(readFileSync('docs/testing.md', 'utf8'));
  const reports = names.flatMap((name) => {
    const file = `${REPORTS}/${name}.json`;
    return existsSync(file) ? [{ name, report: JSON.parse(readFileSync(file, 'utf8')) }] : [];
  });
  const lists = reports.map(({ name, report }) =>
    listSurvivors(name, survivorsOf(report), reasons),
  );
  const stale = placesWithoutSurvivors(
    reasons,
    reports.map(({ report }) => report),
  );
  writeFileSync(
    `${REPORTS}/survivors.md`,
    [...lists.map(({ markdown }) => markdown), listPlacesWithoutSurvivors(stale)].join('\n'),
  );
  return [
    ...lists.map(({ markdown }) => markdown.split('\n')[0]?.replace(/^## /, '') ?? ''),
    `${stale.length} places explained where nothing survives now (rows to prune)`,
  ];
}

function main(): number {
  const args = process.argv.slice(2);
  const fresh = args.includes('--fresh');
  const named = args.filter((arg) => !arg.startsWith('--'));
  const names = named.length > 0 ? named : MUTATION_GROUPS.map((group) => group.name);
  const results = names.map((name) => runGroup(name, fresh));
  const lines = results.map(
    ({ name, tally, seconds }) =>
      `${name.padEnd(18)} ${tally ? formatTally(tally) : 'no report'}  ${seconds.toFixed(0)} s`,
  );
  const tallies = results.flatMap(({ tally }) => (tally ? [tally] : []));
  const whole = sumTallies(tallies);
  const seconds = results.reduce((total, result) => total + result.seconds, 0);
  process.stdout.write(
    `\n=== mutation score by group (break at ${BREAK} %)\n${lines.join('\n')}\n` +
      `${'whole scope'.padEnd(18)} ${formatTally(whole)}  ${seconds.toFixed(0)} s\n`,
  );
  const failed = results.filter(
    ({ tally, exitCode }) => !tally || tally.score < BREAK || exitCode !== 0,
  );
  const survivors = writeSurvivors(names);
  process.stdout.write(
    `\n=== survivors, and why (${REPORTS}/survivors.md)\n${survivors.join('\n')}\n`,
  );
  for (const { name } of failed) process.stdout.write(`FAILED: ${name}\n`);
  return failed.length === 0 ? 0 : 1;
}

process.exitCode = main();
