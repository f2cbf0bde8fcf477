import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Every way the README runs Vitest exits non-zero when a test fails (issue 48): a run that
 * reports red and exits 0 lets CI and any script that trusts the exit code call it green.
 * Each command runs on a test file made to fail, written where that command looks for tests
 * (the run around this one has already listed its files, so it never sees them).
 */
const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  scripts: Record<string, string>;
};
const vitestScripts = Object.entries(scripts)
  .filter(([, command]) => /\bvitest run\b/.test(command))
  .map(([name]) => name);

// Named so that `test:concurrency`'s `-t "concurrent writers|SIGKILL"` selects it.
const FAILING_TEST = `import { expect, it } from 'vitest';
it('concurrent writers: a failing test fails the run', () => {
  expect('red').toBe('green');
});
`;

/** The fixture's own failure, named in the run's report (other tests may fail beside it). */
const FIXTURE_FAILED =
  /exit-code-fixture-\d+\.test\.ts > concurrent writers: a failing test fails the run/;

/** Where a script's own config looks for tests, when that is not everywhere. */
const FIXTURE_FOLDER: Readonly<Record<string, string>> = { 'test:alerts': 'tests/alerts' };

const fixtures: string[] = [];
function failingFile(folder: string): string {
  const path = `${folder}/exit-code-fixture-${process.pid}.test.ts`;
  writeFileSync(path, FAILING_TEST);
  fixtures.push(path);
  return path;
}
afterAll(() => {
  for (const path of fixtures) rmSync(path, { force: true });
});

interface Finished {
  readonly code: number | null;
  readonly output: string;
}

function run(command: string, args: string[]): Promise<Finished> {
  // The run around this one marks its workers through VITEST_* variables: the nested run is a
  // run of its own, as from a terminal.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')),
  );
  const child = spawn(command, args, {
    env: { ...env, CONCURRENCY_RUNS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (code) =>
      resolve({ code, output: stripVTControlCharacters(Buffer.concat(chunks).toString()) }),
    ),
  );
}

describe('a failing test makes every Vitest command exit non-zero', () => {
  it('lists the npm scripts that run Vitest', () => {
    expect(vitestScripts).toEqual(expect.arrayContaining(['test:unit', 'test:concurrency']));
  });

  it.each(vitestScripts)('npm run %s', { timeout: 240_000 }, async (script) => {
    const file = failingFile(FIXTURE_FOLDER[script] ?? 'tests/tooling');
    const { code, output } = await run('npm', ['run', '--silent', script, '--', file]);
    expect(output).toMatch(FIXTURE_FAILED);
    expect(code).not.toBe(0);
  });

  it('npx vitest run --project kafka', { timeout: 300_000 }, async () => {
    const file = failingFile('tests/kafka');
    const { code, output } = await run('npx', ['vitest', 'run', '--project', 'kafka', file]);
    expect(output).toMatch(FIXTURE_FAILED);
    expect(code).not.toBe(0);
  });
});
