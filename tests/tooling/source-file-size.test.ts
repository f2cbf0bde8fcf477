import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/**
 * No source file over 400 lines (issue 48): a file that grows past it holds more than one
 * concern and is split, as `relay-session.ts` was split out of `relay.ts`.
 */
const MAX_LINES = 400;
const SOURCE_ROOTS = ['contracts', 'services', 'projections', 'infra', 'site/src', 'scripts'];
const NOT_SOURCE = /\.(test|spec)\.[a-z]+$|\/testing\//;
/** Files no one writes by hand, each with the command that writes it. */
const GENERATED = new Map([['contracts/api/openapi-types.ts', 'npm run api:types']]);

const sourceFiles = execFileSync('git', ['ls-files', ...SOURCE_ROOTS], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs|astro)$/.test(file) && !NOT_SOURCE.test(file));

it(`no source file is over ${MAX_LINES} lines`, () => {
  const long = sourceFiles
    .filter((file) => !GENERATED.has(file))
    .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length }))
    .filter(({ lines }) => lines > MAX_LINES);
  expect(long).toEqual([]);
  expect(sourceFiles.length).toBeGreaterThan(300);
});

it('each file kept out of the count is generated and says so in its first line', () => {
  for (const [file, command] of GENERATED) {
    expect(readFileSync(file, 'utf8').split('\n')[0]).toContain(command);
  }
});
