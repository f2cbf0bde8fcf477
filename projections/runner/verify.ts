import {
  compareLogPositions,
  type EventStore,
  type LogPosition,
  START_OF_LOG,
} from '@contracts/event-store';
import { lockCheckpoint, readCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { replayedFor, replayLog } from './replay-log';
import { type RowDifference, rowDifference } from './row-difference';
import {
  applyToShadow,
  createShadowTables,
  dropSchema,
  identifier,
  inTransaction,
  withShadowLock,
} from './shadow-tables';
import type { SqlClient, SqlPool } from './sql';

export interface VerifyOptions {
  readonly batchSize?: number;
  /** Differences listed per table at most; `differingRows` still counts them all. */
  readonly maxDifferencesPerTable?: number;
}

interface TableComparison {
  readonly table: string;
  /** Keys whose rows differ, in either direction. */
  readonly differingRows: number;
}

export interface VerifyResult {
  readonly projection: string;
  /** The live checkpoint both sides describe. */
  readonly checkpoint: LogPosition;
  readonly eventsApplied: number;
  readonly tables: readonly TableComparison[];
  readonly differences: readonly RowDifference[];
  readonly seconds: number;
}

const verifySchema = (projection: Projection) => `verify_${identifier(projection.name)}`;

/**
 * Rebuilds the projection into a shadow schema up to the live checkpoint and compares every
 * table row by row. Most of the log is replayed without locks; the last stretch and the
 * comparison run holding the checkpoint row, so no live batch moves the tables meanwhile.
 */
export async function verifyProjection(
  pool: SqlPool,
  eventStore: EventStore,
  projection: Projection,
  tables: readonly string[],
  options: VerifyOptions = {},
): Promise<VerifyResult> {
  const batchSize = options.batchSize ?? 5_000;
  const limit = options.maxDifferencesPerTable ?? 100;
  const shadow = verifySchema(projection);
  const started = performance.now();
  return withShadowLock(pool, shadow, async () => {
    try {
      await inTransaction(pool, (client) => createShadowTables(client, shadow, tables));
      let applied = 0;
      const filled = await replayLog(
        eventStore,
        {
          after: START_OF_LOG,
          upTo: await readCheckpoint(pool, projection.name),
          batchSize,
          ...replayedFor(projection),
        },
        async (events) => {
          applied += await inTransaction(pool, (c) => applyToShadow(c, shadow, projection, events));
        },
      );
      return await inTransaction(pool, async (client) => {
        const checkpoint = await lockCheckpoint(client, projection.name);
        let after = filled.position;
        if (compareLogPositions(checkpoint, after) < 0) {
          // The checkpoint went back (reset for a replay): start the shadow over.
          await client.query(
            `truncate ${tables.map((t) => `${shadow}.${identifier(t)}`).join(', ')}`,
          );
          [after, applied] = [START_OF_LOG, 0];
        }
        const options = { after, upTo: checkpoint, batchSize, ...replayedFor(projection) };
        await replayLog(eventStore, options, async (events) => {
          applied += await applyToShadow(client, shadow, projection, events);
        });
        const tableResults: TableComparison[] = [];
        const differences: RowDifference[] = [];
        for (const table of tables) {
          const compared = await compareTable(client, shadow, table, limit);
          tableResults.push({ table, differingRows: compared.total });
          differences.push(...compared.differences);
        }
        return {
          projection: projection.name,
          checkpoint,
          eventsApplied: applied,
          tables: tableResults,
          differences,
          seconds: (performance.now() - started) / 1_000,
        };
      });
    } finally {
      await dropSchema(pool, shadow);
    }
  });
}

async function primaryKey(client: SqlClient, table: string): Promise<string[]> {
  const { rows } = await client.query<{ column: string }>(
    `select a.attname as column
     from pg_index i
     join lateral unnest(i.indkey) with ordinality as k(attnum, n) on true
     join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
     where i.indrelid = $1::regclass and i.indisprimary
     order by k.n`,
    [`public.${table}`],
  );
  return rows.map((row) => row.column);
}

/**
 * Rows in one table and not the other (`except` both ways), paired by primary key. A table
 * without one pairs nothing: each differing row shows whole, on its side.
 */
async function compareTable(
  client: SqlClient,
  shadow: string,
  table: string,
  limit: number,
): Promise<{ total: number; differences: RowDifference[] }> {
  const keyColumns = await primaryKey(client, identifier(table));
  const join = keyColumns.length
    ? keyColumns.map((column) => `l."${column}" = r."${column}"`).join(' and ')
    : 'false';
  const order = keyColumns.length
    ? keyColumns.map((column) => `coalesce(l."${column}", r."${column}")`).join(', ')
    : '1';
  const { rows } = await client.query<{
    live: Record<string, unknown> | null;
    rebuilt: Record<string, unknown> | null;
    total: string;
  }>(
    `with l as (select * from public.${table} except select * from ${shadow}.${table}),
          r as (select * from ${shadow}.${table} except select * from public.${table})
     select case when l is null then null else to_jsonb(l) end as live,
            case when r is null then null else to_jsonb(r) end as rebuilt,
            count(*) over () as total
     from l full join r on ${join}
     order by ${order}
     limit $1`,
    [limit],
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    differences: rows.map((row) => rowDifference(table, keyColumns, row.live, row.rebuilt)),
  };
}
