import pg from 'pg';

/**
 * Runs a query on a connection of its own and hands each row to `onRow` as pg parses it,
 * none gathered. `onRow` runs inside pg's socket handler, so a throw is kept, the rows
 * after it are let go by, and the query's end rejects with it: the connection stays usable.
 */
export async function eachRow<Row>(
  pool: pg.Pool,
  statement: pg.QueryConfig,
  onRow: (row: Row) => void,
): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    let thrown: { error: unknown } | undefined;
    await new Promise<void>((resolve, reject) => {
      const query = new pg.Query(statement);
      query.on('row', (row: Row) => {
        if (thrown) return;
        try {
          onRow(row);
        } catch (error) {
          thrown = { error };
        }
      });
      query.on('error', (error: Error) => {
        broken = error;
        reject(error);
      });
      query.on('end', () => resolve());
      client.query(query);
    });
    if (thrown) throw thrown.error;
  } finally {
    // A query that failed may have left the connection in a state not worth reusing.
    client.release(broken);
  }
}
