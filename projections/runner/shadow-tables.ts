import type { RecordedEvent } from '@contracts/event-store';
import type { Projection } from './projection';
import type { SqlClient, SqlPool } from './sql';

/** Names go into SQL text (schemas, tables), so only plain lower-case identifiers pass. */
export function identifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a plain SQL identifier: ${name}`);
  return name;
}

/** One transaction on one pooled client; `work` gets the pool's own client type (pg's, or ours). */
export async function inTransaction<T, C extends SqlClient = SqlClient>(
  pool: { connect(): Promise<C & { release(error?: Error | boolean): void }> },
  work: (client: C) => Promise<T>,
  /** `begin`, or `begin` and the transaction's `set local` statements in one round trip. */
  begin = 'begin',
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
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

/**
 * A fresh schema holding an empty copy of each live table: columns, defaults, constraints,
 * and the unique keys upserts need. The other indexes come after the rows (see
 * `finishShadowTables`): building an index once is much cheaper than keeping it up to date
 * through millions of inserts.
 */
export async function createShadowTables(
  client: SqlClient,
  schema: string,
  tables: readonly string[],
): Promise<void> {
  await refuseLiveSequences(client, tables);
  await dropSchema(client, schema);
  await client.query(`create schema ${identifier(schema)}`);
  for (const table of tables) {
    // No autovacuum while the rows pour in: it would scan a table still being loaded,
    // and a swap would wait a second for each table it is on (deadlock_timeout).
    await client.query(
      `create table ${schema}.${identifier(table)}
       (like public.${table} including all excluding indexes)
       with (autovacuum_enabled = false)`,
    );
    for (const key of await uniqueKeysOf(client, table)) {
      await client.query(
        `alter table ${schema}.${table} add constraint "${key.name}" ${key.definition}`,
      );
    }
    await copyStatisticsTargets(client, schema, table);
  }
}

/**
 * Columns' own statistics targets, which `like … including all` leaves behind: without them
 * a swap would bring back statistics the live table was told not to keep.
 */
async function copyStatisticsTargets(
  client: SqlClient,
  schema: string,
  table: string,
): Promise<void> {
  const { rows } = await client.query<{ column: string; target: number }>(
    `select attname as column, attstattarget as target from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attstattarget >= 0
     order by attnum`,
    [`public.${identifier(table)}`],
  );
  if (rows.length === 0) return;
  const targets = rows.map(
    ({ column, target }) =>
      `alter column ${identifier(column)} set statistics ${Math.trunc(Number(target))}`,
  );
  await client.query(`alter table ${schema}.${table} ${targets.join(', ')}`);
}

/**
 * The filled shadow tables vacuumed, before anything else reads them (a manual vacuum is not
 * throttled, autovacuum is). It sets every row's hint bits and every page all-visible in one
 * pass that writes each page once. Before, the claims per status were counted first, and
 * that scan set the hint bits and wrote every claims page, then the vacuum wrote them
 * again: about 33,000 pages more per rebuild of the million-event log (pg_stat_io, 2026-11-27).
 * Readers of the swapped-in tables get all-visible pages, and autovacuum finds nothing to do.
 */
export async function vacuumShadowTables(
  pool: SqlPool,
  schema: string,
  tables: readonly string[],
): Promise<void> {
  await runTwoAtATime(
    pool,
    tables.map((table) => `vacuum ${identifier(schema)}.${identifier(table)}`),
    '256MB',
  );
}

/**
 * Readies the vacuumed shadow tables for the swap: the live tables' other indexes, under
 * their live names, then an analyze of each table, so that it sees expression indexes and
 * readers of the swapped-in tables get fresh statistics at once.
 *
 * One queue on two connections (see runTwoAtATime): the indexes first, then the analyzes.
 */
export async function finishShadowTables(
  pool: SqlPool,
  schema: string,
  tables: readonly string[],
): Promise<void> {
  const indexes: string[] = [];
  for (const table of tables) indexes.push(...(await deferredIndexes(pool, schema, table)));
  await runTwoAtATime(
    pool,
    [...indexes, ...tables.map((table) => `analyze ${identifier(schema)}.${identifier(table)}`)],
    '256MB',
  );
}

/** A live table's indexes other than its keys, as statements creating them on its shadow. */
async function deferredIndexes(pool: SqlPool, schema: string, table: string): Promise<string[]> {
  const { rows } = await pool.query<{ definition: string }>(
    `select pg_get_indexdef(i.indexrelid) as definition
     from pg_index i
     where i.indrelid = $1::regclass
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
     order by i.indexrelid`,
    [`public.${identifier(table)}`],
  );
  return rows.map(({ definition }) => {
    const onShadow = definition.replace(
      new RegExp(` ON (ONLY )?(public\\.)?${table} `),
      ` ON ${schema}.${table} `,
    );
    if (onShadow === definition) throw new Error(`Cannot move index to ${schema}: ${definition}`);
    return onShadow;
  });
}

/**
 * Statements on two connections, each taking the next one waiting, in order: an index
 * build or a vacuum works on one core, and the machine has two.
 */
async function runTwoAtATime(
  pool: SqlPool,
  statements: readonly string[],
  maintenanceWorkMem?: string,
): Promise<void> {
  const waiting = [...statements];
  const run = async () => {
    const client = await pool.connect();
    try {
      if (maintenanceWorkMem) {
        await client.query(`set maintenance_work_mem = '${maintenanceWorkMem}'`);
        // Two statements at once already take both cores: a build's parallel workers only
        // added their start-up and merge (about 1 s of Postgres time over the claims' nine).
        await client.query('set max_parallel_maintenance_workers = 0');
      }
      for (let next = waiting.shift(); next; next = waiting.shift()) await client.query(next);
      if (maintenanceWorkMem) {
        await client.query('reset maintenance_work_mem');
        await client.query('reset max_parallel_maintenance_workers');
      }
    } finally {
      client.release();
    }
  };
  await Promise.all([run(), run()]);
}

/** Autovacuum back on, for tables about to go live. */
export async function enableAutovacuum(
  client: SqlClient,
  schema: string,
  tables: readonly string[],
): Promise<void> {
  for (const table of tables)
    await client.query(
      `alter table ${identifier(schema)}.${identifier(table)} reset (autovacuum_enabled)`,
    );
}

/** Primary keys and unique constraints: names and definitions. */
async function uniqueKeysOf(client: SqlClient, table: string) {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition
     from pg_constraint where conrelid = $1::regclass and contype in ('p', 'u')
     order by conname`,
    [`public.${identifier(table)}`],
  );
  return rows;
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

/** The shadow schema first on the path, so a projection's unqualified SQL writes its tables. */
export const shadowSearchPath = (schema: string) =>
  `set local search_path = ${identifier(schema)}, public`;

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
  await client.query(shadowSearchPath(schema));
  await projection.apply(client, handled, { replayFromStart: true });
  return handled.length;
}
