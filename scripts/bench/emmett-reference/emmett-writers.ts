/**
 * Emmett's PostgreSQL event store as the reference writer for bench:append. This folder has
 * its own package.json (Emmett's peer range wants uuid 10, the portal uses 14), installed by
 * the bench on first use; tsconfig leaves it out so a clone without it still type-checks.
 */
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';

export interface EmmettWriters {
  writer(streamName: string, payload: (n: number) => Record<string, unknown>): () => Promise<void>;
  close(): Promise<void>;
}

export async function openEmmettWriters(connectionString: string): Promise<EmmettWriters> {
  const store = getPostgreSQLEventStore(connectionString);
  await store.schema.migrate();
  return {
    writer(streamName, payload) {
      let version = 0n;
      return async () => {
        const result = await store.appendToStream(
          streamName,
          [{ type: 'BenchFieldChanged', data: payload(Number(version)) }],
          { expectedStreamVersion: version },
        );
        version = result.nextExpectedStreamVersion;
      };
    },
    close: () => store.close(),
  };
}
