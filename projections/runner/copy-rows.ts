import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { BINARY_COPY_TYPES, BinaryRows } from './copy-binary';
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
 *
 * Binary when every column's type has a binary encoder (`copy-binary.ts`), else text.
 */
export async function copyRows<Row extends object>(
  client: SqlClient,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
  { chunkBytes }: { chunkBytes?: number } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const types = await columnTypes(client, table, columns);
  const binary = types.every((oid) => BINARY_COPY_TYPES.has(oid));
  await streamCopy(client, table, columns, binary, (send) =>
    binary
      ? sendBinary(new BinaryRows(columns, types, chunkBytes), rows, send)
      : sendText(rows, columns, send),
  );
}

/**
 * Rows encoded ahead, as they were folded (see `BinaryRows`), copied into `table`; refused
 * before anything is sent if its columns are not of the types they were encoded as.
 */
export async function copyEncoded(
  client: SqlClient,
  table: string,
  rows: BinaryRows,
): Promise<void> {
  if (rows.count === 0) return;
  const types = await columnTypes(client, table, rows.columns);
  const differs = types.findIndex((oid, i) => oid !== rows.typeOids[i]);
  if (differs >= 0) {
    throw new Error(
      `${table}.${rows.columns[differs]} is of type ${types[differs]}, encoded as ${rows.typeOids[differs]}`,
    );
  }
  await streamCopy(client, table, rows.columns, true, async (send) => {
    for (const chunk of rows.finish()) await send(chunk);
  });
}

/** One COPY from stdin, fed by `write`; a throw while writing fails the COPY, so no row stays. */
async function streamCopy(
  client: SqlClient,
  table: string,
  columns: readonly string[],
  binary: boolean,
  write: (send: (chunk: string | Buffer) => Promise<void>) => Promise<void>,
): Promise<void> {
  const columnList = columns.map(identifier).join(', ');
  // The pool's clients are pg clients; SqlClient only names the part plain queries need.
  const stream = (client as unknown as pg.ClientBase).query(
    copyFrom(
      `copy ${identifier(table)} (${columnList}) from stdin${binary ? ' (format binary)' : ''}`,
    ),
  );
  const done = finished(stream);
  // Awaited below; this only keeps a failure while writing from going unhandled.
  done.catch(() => {});
  const send = async (chunk: string | Buffer) => {
    if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), done]);
  };
  try {
    await write(send);
  } catch (error) {
    // A value no encoder takes: CopyFail, so no row of the COPY stays, and the connection
    // is ready for the caller's rollback.
    stream.destroy(error as Error);
    await done.catch(() => {});
    throw error;
  }
  stream.end();
  await done;
}

/**
 * Each column's type OID, as the table the name resolves to declares it, looked up once per
 * connection and table: a rebuild copies into the same tables hundreds of times, and each
 * lookup held its lane's connection idle until Node came back to it (about 10 ms each, 3 s in
 * all over a million events; issue 30). Migrations run before anything copies, so a table's
 * column types do not change under a connection that already looked them up.
 */
async function columnTypes(
  client: SqlClient,
  table: string,
  columns: readonly string[],
): Promise<readonly number[]> {
  let known = typesByConnection.get(client);
  if (!known) {
    known = new Map();
    typesByConnection.set(client, known);
  }
  const key = `${table}(${columns.join(',')})`;
  let types = known.get(key);
  if (!types) {
    types = await lookUpColumnTypes(client, table, columns);
    known.set(key, types);
  }
  return types;
}

const typesByConnection = new WeakMap<SqlClient, Map<string, readonly number[]>>();

async function lookUpColumnTypes(
  client: SqlClient,
  table: string,
  columns: readonly string[],
): Promise<number[]> {
  const { rows } = await client.query<{ name: string; oid: number }>(
    `select attname as name, atttypid::int as oid from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped`,
    [identifier(table)],
  );
  const types = new Map(rows.map(({ name, oid }) => [name, oid]));
  return columns.map((column) => {
    const oid = types.get(column);
    if (oid === undefined) throw new Error(`${table} has no column ${column}`);
    return oid;
  });
}

async function sendBinary(
  out: BinaryRows,
  rows: readonly object[],
  send: (chunk: Buffer) => Promise<void>,
): Promise<void> {
  for (const row of rows) {
    out.row(row);
    // Postgres takes in one chunk while the next is written, instead of waiting for all.
    for (const chunk of out.take()) await send(chunk);
  }
  for (const chunk of out.finish()) await send(chunk);
}

async function sendText(
  rows: readonly object[],
  columns: readonly string[],
  send: (chunk: string) => Promise<void>,
): Promise<void> {
  const line = lineWriter(columns);
  for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
    let chunk = '';
    const end = Math.min(rows.length, start + ROWS_PER_CHUNK);
    for (let i = start; i < end; i += 1) chunk += line(rows[i] as object, copyValue);
    await send(chunk);
  }
}

const ROWS_PER_CHUNK = 2_000;

type LineWriter = (row: object, value: typeof copyValue) => string;
const lineWriters = new Map<string, LineWriter>();

/**
 * One row's COPY line, by a function written for these columns: this runs for every
 * column of millions of rows, and reading fixed property names is several times cheaper
 * than a loop over names. The names pass `identifier` first, so the source is plain.
 */
function lineWriter(columns: readonly string[]): LineWriter {
  const key = columns.join(',');
  let writer = lineWriters.get(key);
  if (!writer) {
    const values = columns.map((column) => `value(row.${identifier(column)})`).join(" + '\\t' + ");
    writer = new Function('row', 'value', `return ${values} + '\\n';`) as LineWriter;
    lineWriters.set(key, writer);
  }
  return writer;
}
