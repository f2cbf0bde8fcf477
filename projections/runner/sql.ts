/** The slice of a Postgres client the read side needs (pg's Pool and PoolClient both fit). */
export interface SqlClient {
  query<Row = Record<string, unknown>>(
    text: string,
    values?: readonly unknown[],
  ): Promise<{ rows: Row[]; rowCount: number | null }>;
  /** A named statement: prepared once per connection, then only bound and run. */
  query<Row = Record<string, unknown>>(
    statement: NamedStatement,
  ): Promise<{ rows: Row[]; rowCount: number | null }>;
}

interface NamedStatement {
  readonly name: string;
  readonly text: string;
  readonly values: readonly unknown[];
}

export interface SqlPool extends SqlClient {
  connect(): Promise<SqlClient & { release(error?: Error | boolean): void }>;
}
