import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { identifier } from './shadow-tables';
import type { SqlClient } from './sql';

const SPECIAL = /[\\\n\r\t]/g;
const SPECIAL_TEST = /[\\\n\r\t]/;
const ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/** One value in COPY's text format: `\N` for null, JSON for objects, the rest as text. */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  switch (typeof value) {
    case 'string':
      return SPECIAL_TEST.test(value) ? value.replace(SPECIAL, escapeSpecial) : value;
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    default: {
      // JSON already escapes control characters; only its backslashes need doubling.
      const json = JSON.stringify(value);
      return json.includes('\\') ? json.replaceAll('\\', '\\\\') : json;
    }
  }
}

const escapeSpecial = (special: string) => ESCAPES[special] ?? special;

/**
 * Inserts rows with COPY, several times cheaper for Postgres than an INSERT of the same
 * rows. No ON CONFLICT: only for rows the caller knows are new. The table name resolves
 * through the search path, so a rebuild's shadow tables are filled the same way.
 */
export async function copyRows<Row extends object>(
  client: SqlClient,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
  // The pool's clients are pg clients; SqlClient only names the part plain queries need.
  const stream = (client as unknown as pg.ClientBase).query(
    copyFrom(`copy ${identifier(table)} (${columns.map(identifier).join(', ')}) from stdin`),
  );
  await pipeline(Readable.from(copyText(rows, columns)), stream);
}

const ROWS_PER_CHUNK = 1_000;

/**
 * The rows as COPY text, a chunk at a time: Postgres takes in one chunk while the next is
 * written, instead of waiting for the whole text.
 */
function* copyText<Row extends object>(
  rows: readonly Row[],
  columns: readonly (keyof Row & string)[],
): Generator<string> {
  for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
    let chunk = '';
    for (const row of rows.slice(start, start + ROWS_PER_CHUNK)) {
      // Plain loops and one growing string: this runs for every column of millions of rows.
      let line = copyValue(row[columns[0] as keyof Row]);
      for (let i = 1; i < columns.length; i += 1)
        line += `\t${copyValue(row[columns[i] as keyof Row])}`;
      chunk += `${line}\n`;
    }
    yield chunk;
  }
}
