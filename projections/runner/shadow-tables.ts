import type { RecordedEvent } from '@contracts/event-store';
import type { Projection } from './projection';
import type { SqlClient, SqlPool } from './sql';

/** A projection and the tables it writes, which rebuild and verify copy into a shadow schema. */
export interface ProjectionTables {
  readonly projection: Projection;
  readonly tables: readonly string[];
}

/** Names go into SQL text (schemas, tables), so only plain lower-case identifiers pass. */
export function identifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a plain SQL identifier: ${name}`);
  return name;
}

export async function inTransaction<T>(
  pool: SqlPool,
  work: (client: SqlClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * One rebuild or verify per shadow schema at a time: a second one would drop the first's
 * shadow under it. A session advisory lock, freed by Postgres if this process dies.
 */
export async function withShadowLock<T>(
  pool: SqlPool,
  schema: string,
  work: () => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
      [`shadow:${schema}`],
    );
    if (!rows[0]?.locked) throw new Error(`${schema} is in use by another rebuild or verify`);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [
        `shadow:${schema}`,
      ]);
    }
  } finally {
    client.release();
  }
}

/** A fresh schema holding an empty copy of each live table: columns, defaults, constraints, indexes. */
export async function createShadowTables(
  client: SqlClient,
  schema: string,
  tables: readonly string[],
): Promise<void> {
  await refuseLiveSequences(client, tables);
  await dropSchema(client, schema);
  await client.query(`create schema ${identifier(schema)}`);
  for (const table of tables) {
    await client.query(
      `create table ${schema}.${identifier(table)} (like public.${table} including all)`,
    );
    await nameIndexesAsLive(client, schema, table);
  }
}

export async function dropSchema(client: SqlClient, schema: string): Promise<void> {
  await client.query(`drop schema if exists ${identifier(schema)} cascade`);
}

/**
 * A default drawing on a live sequence (serial) would follow the live table into the
 * retired schema and be dropped with it, taking the new table's default along.
 */
async function refuseLiveSequences(client: SqlClient, tables: readonly string[]): Promise<void> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and table_name = any($1) and column_default like 'nextval(%'`,
    [tables],
  );
  const first = rows[0];
  if (first) {
    throw new Error(
      `${first.table_name}.${first.column_name} draws on a sequence; use an identity column`,
    );
  }
}

interface IndexRow {
  name: string;
  definition: string;
}

const indexesOf = async (client: SqlClient, schema: string, table: string) =>
  (
    await client.query<IndexRow>(
      `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indrelid = $1::regclass order by c.relname`,
      [`${schema}.${table}`],
    )
  ).rows;

/** The definition without the index's own name and its table's schema. */
const shape = (definition: string) =>
  definition.replace(/^CREATE (UNIQUE )?INDEX \S+ ON (ONLY )?\S+ /, '$1');

/**
 * `like … including all` names copied indexes after their columns; once swapped in they
 * must keep the live names, which later migrations refer to.
 */
async function nameIndexesAsLive(client: SqlClient, schema: string, table: string) {
  const live = await indexesOf(client, 'public', table);
  const shadow = await indexesOf(client, schema, table);
  const renames: { from: string; to: string }[] = [];
  for (const index of shadow) {
    const match = live.findIndex((l) => shape(l.definition) === shape(index.definition));
    if (match < 0) continue;
    const [liveIndex] = live.splice(match, 1);
    if (liveIndex && liveIndex.name !== index.name) {
      renames.push({ from: index.name, to: liveIndex.name });
    }
  }
  // Through temporary names, so a copied name equal to another live name cannot collide.
  for (const [n, { from }] of renames.entries()) {
    await client.query(`alter index ${schema}."${from}" rename to shadow_index_${n}`);
  }
  for (const [n, { to }] of renames.entries()) {
    await client.query(`alter index ${schema}.shadow_index_${n} rename to "${to}"`);
  }
}

/**
 * Applies the events the projection handles with the shadow schema first on the path, so
 * the projection's unqualified SQL writes the shadow tables. Call inside a transaction.
 */
export async function applyToShadow(
  client: SqlClient,
  schema: string,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<number> {
  const handled = events.filter((event) => projection.handles(event));
  if (handled.length === 0) return 0;
  await client.query(`set local search_path = ${identifier(schema)}, public`);
  await projection.apply(client, handled);
  return handled.length;
}
