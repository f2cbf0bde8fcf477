import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * docs/decisions/README.md is generated from the records: `npm run decisions:index` writes it,
 * `npm run decisions:index -- --check` (and tests/tooling/decision-records.test.ts, in
 * `npm test`) fails when it is out of date or a record's Status line is missing or wrong.
 */
export const DECISIONS_DIR = 'docs/decisions';

const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const TITLE = /^# (\d{3})[:.] (.+)$/;
/** Accepted and Proposed may carry a note; Superseded names the records that replaced it. */
const STATUS = /^Status: (Accepted|Proposed|Superseded by )/;
const LINKED_RECORD = /\[(\d{3})\]\(((\d{3})-[a-z0-9-]+\.md)\)/g;

export interface DecisionRecord {
  readonly number: string;
  readonly file: string;
  readonly title: string;
  readonly status: string;
}

/** A record as its file says it, or what is wrong with it. */
export function parseRecord(
  file: string,
  text: string,
  recordExists: (file: string) => boolean,
): DecisionRecord | { readonly file: string; readonly problem: string } {
  const number = RECORD_FILE.exec(file)?.[1];
  if (!number) return { file, problem: 'the file name is not NNN-title.md' };
  const lines = text.split('\n');
  const title = TITLE.exec(lines[0] ?? '');
  if (!title || title[1] !== number) {
    return { file, problem: `the first line is not "# ${number}: Title"` };
  }
  const statusLine = lines.slice(1, 6).find((line) => line.startsWith('Status:'));
  if (!statusLine) return { file, problem: 'no "Status:" line under the title' };
  if (!STATUS.test(statusLine)) {
    return { file, problem: `"${statusLine}" is not Accepted, Proposed or Superseded by NNN` };
  }
  const links = [...statusLine.matchAll(LINKED_RECORD)];
  if (statusLine.startsWith('Status: Superseded by ') && links.length === 0) {
    return { file, problem: 'superseded, but the Status line links no record that supersedes it' };
  }
  for (const [, shown, target, targetNumber] of links) {
    if (shown !== targetNumber || !recordExists(target as string)) {
      return { file, problem: `the Status line links ${target}, which is not record ${shown}` };
    }
  }
  return { number, file, title: (title[2] as string).trim(), status: statusLine.slice(8) };
}

/** Every record of the folder, in number order, and the problems found in them. */
export function readRecords(directory = DECISIONS_DIR) {
  const files = readdirSync(directory)
    .filter((file) => file !== 'README.md' && file.endsWith('.md'))
    .sort();
  const parsed = files.map((file) =>
    parseRecord(file, readFileSync(join(directory, file), 'utf8'), (target) =>
      existsSync(join(directory, target)),
    ),
  );
  return {
    records: parsed.filter((entry): entry is DecisionRecord => 'status' in entry),
    problems: parsed.filter((entry) => 'problem' in entry).map((p) => `${p.file}: ${p.problem}`),
  };
}

const cell = (text: string) => text.replaceAll('|', '\\|');

export function renderIndex(records: readonly DecisionRecord[]): string {
  const rows = records.map(
    (record) =>
      `| [${record.number}](${record.file}) | ${cell(record.title)} | ${cell(record.status)} |`,
  );
  return [
    '# Decision records',
    '',
    'Each significant choice is a record here: `NNN-title.md`, with Context, Decision and',
    'Consequences, and under its title a `Status:` line: Accepted or Proposed (a note may',
    'follow), or Superseded by the records that replaced it, linked. A superseded record keeps',
    'its text as it was written; only its Status line changes.',
    '',
    'This list is generated: `npm run decisions:index` writes it, and `npm test` fails when it',
    'is out of date or a record has no valid Status line.',
    '',
    '| record | title | status |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

function main(check: boolean): number {
  const { records, problems } = readRecords();
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  const index = renderIndex(records);
  const readme = join(DECISIONS_DIR, 'README.md');
  const current = existsSync(readme) ? readFileSync(readme, 'utf8') : '';
  if (check) {
    if (current !== index)
      process.stderr.write(`${readme} is out of date: npm run decisions:index\n`);
    return problems.length === 0 && current === index ? 0 : 1;
  }
  if (current !== index) writeFileSync(readme, index);
  process.stdout.write(`${readme}: ${records.length} records\n`);
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.includes('--check'));
}
