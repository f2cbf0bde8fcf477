// What the summary of `npm test` says of each failure (scripts/run-tests.mjs): CI shows only
// the end of a run's output, so the summary names each failed test and its first error line.
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** The first line of a failure's message, without colour codes, kept short. */
const firstLine = (message = '') =>
  (
    stripVTControlCharacters(message)
      .split('\n')
      .find((line) => line.trim()) ?? ''
  )
    .trim()
    .slice(0, 300);

/**
 * Errors Vitest caught outside any test (an 'error' event nobody listened to, a rejection
 * nobody awaited). They fail the run, but its JSON report counts every test passed, so they
 * are read from the output: each block's first line, and the file Vitest says it came from.
 */
function unhandledVitestErrors(output) {
  const lines = stripVTControlCharacters(output).split('\n');
  const found = [];
  lines.forEach((line, i) => {
    if (!/⎯ (Uncaught Exception|Unhandled Rejection|Unhandled Error) ⎯/.test(line)) return;
    const rest = lines.slice(i + 1);
    const message = (rest.find((next) => next.trim()) ?? '').trim().slice(0, 300);
    const end = rest.findIndex((next) => /⎯ \w[\w ]* ⎯/.test(next));
    const origin = (end === -1 ? rest : rest.slice(0, end))
      .map((next) => /This error originated in "(.+?)" test file/.exec(next)?.[1])
      .find(Boolean);
    found.push(`unhandled, ${origin ?? 'no test file named'}: ${message}`);
  });
  return found;
}

export const failedVitest = (report, output) => [
  ...report.testResults.flatMap((file) => {
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map(
        (test) =>
          `${relative('.', file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
      );
    // A file that failed outside its tests (a hook, an import) has no failed test to name.
    return tests.length === 0 && file.status === 'failed'
      ? [`${relative('.', file.name)}: ${firstLine(file.message)}`]
      : tests;
  }),
  ...unhandledVitestErrors(output),
];

export const failedPlaywright = (report) => {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const error = test.results.at(-1)?.errors?.[0]?.message;
        found.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return [...found, ...(report.errors ?? []).map((error) => firstLine(error.message))];
};
