import { describe, expect, it } from 'vitest';
import { failedPlaywright, failedVitest } from '../../scripts/test-failures.mjs';

const RED = '\u001b[31m';
const RESET = '\u001b[39m';

/** A Vitest JSON report of two files, as `--reporter=json` writes it (the parts read). */
function vitestReport() {
  return {
    success: false,
    testResults: [
      {
        name: `${process.cwd()}/tests/kafka/broker-outage.test.ts`,
        status: 'failed',
        message: '',
        assertionResults: [
          { fullName: 'the outage keeps POSTs fast', status: 'passed', failureMessages: [] },
          {
            fullName: 'the outage loses nothing',
            status: 'failed',
            failureMessages: [
              `${RED}AssertionError: expected 342 to be less than 250${RESET}\n  at …`,
            ],
          },
        ],
      },
      {
        name: `${process.cwd()}/tests/kafka/notification-dlq.test.ts`,
        status: 'failed',
        message: 'Error: Hook timed out in 120000ms.\n    at …',
        assertionResults: [{ fullName: 'parks a poison message', status: 'skipped' }],
      },
      {
        name: `${process.cwd()}/projections/claims/claims-projection.test.ts`,
        status: 'passed',
        message: '',
        assertionResults: [{ fullName: 'folds a claim', status: 'passed', failureMessages: [] }],
      },
    ],
  };
}

/** What Vitest printed for an error it caught outside any test (shortened, colours kept). */
const UNHANDLED_OUTPUT = [
  ` ${RED}✓${RESET} unit  projections/claims/statistics-as-they-grow.test.ts (2 tests) 291ms`,
  `${RED}⎯⎯⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯⎯⎯${RESET}`,
  'Vitest caught 1 unhandled error during the test run.',
  `${RED}⎯⎯⎯⎯⎯ Uncaught Exception ⎯⎯⎯⎯⎯${RESET}`,
  `${RED}Serialized Error:${RESET} { length: 116, severity: 'FATAL', code: '57P01' }`,
  ' ❯ TCP.onStreamRead node:internal/stream_base_commons:189:23',
  `This error originated in "${RED}projections/claims/statistics-as-they-grow.test.ts${RESET}" test file. It doesn't mean the error was thrown inside the file itself, but while it was running.`,
  '⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯',
  ' Test Files  1 passed (1)',
].join('\n');

describe('the failures npm test names in its summary', () => {
  it('names each failed Vitest test by file and full name, with its first error line', () => {
    expect(failedVitest(vitestReport(), '')).toEqual([
      'tests/kafka/broker-outage.test.ts › the outage loses nothing: AssertionError: expected 342 to be less than 250',
      'tests/kafka/notification-dlq.test.ts: Error: Hook timed out in 120000ms.',
    ]);
  });

  it('names an error Vitest caught outside any test, which its JSON report counts as passed', () => {
    const passing = { success: true, testResults: [vitestReport().testResults[2]] };
    expect(failedVitest(passing, UNHANDLED_OUTPUT)).toEqual([
      "unhandled, projections/claims/statistics-as-they-grow.test.ts: Serialized Error: { length: 116, severity: 'FATAL', code: '57P01' }",
    ]);
    expect(
      failedVitest(passing, UNHANDLED_OUTPUT.replace(/This error originated.*\n/, '')),
    ).toEqual([
      "unhandled, no test file named: Serialized Error: { length: 116, severity: 'FATAL', code: '57P01' }",
    ]);
  });

  it('names nothing for a green run', () => {
    const passing = { success: true, testResults: [vitestReport().testResults[2]] };
    expect(failedVitest(passing, ' Test Files  1 passed (1)\n')).toEqual([]);
  });

  it('names each unexpected Playwright result in nested suites, and its global errors', () => {
    const spec = (title: string, status: string, message?: string) => ({
      title,
      file: 'staff-portal.spec.ts',
      line: 33,
      tests: [{ status, results: [{ errors: message ? [{ message }] : [] }] }],
    });
    const report = {
      suites: [
        {
          // A flaky test passed on its retry, and a skipped one did not run: neither failed.
          specs: [
            spec('staff search', 'expected'),
            spec('staff retry', 'flaky', 'Error: the first try timed out'),
            spec('staff skipped', 'skipped'),
          ],
          suites: [
            {
              specs: [
                spec(
                  'staff edit',
                  'unexpected',
                  `${RED}Error: expect(locator).toBeVisible() failed${RESET}\n…`,
                ),
              ],
            },
          ],
        },
      ],
      errors: [{ message: 'Error: webServer exited early\n…' }],
    };
    expect(failedPlaywright(report)).toEqual([
      'staff-portal.spec.ts:33 › staff edit: Error: expect(locator).toBeVisible() failed',
      'Error: webServer exited early',
    ]);
  });
});
