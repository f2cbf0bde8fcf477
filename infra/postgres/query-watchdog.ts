import type pg from 'pg';
import { type BoundSettings, queryTimeoutMs } from './pool-bounds';

/** What the watchdog reads of a pg client: pg 8 keeps no public view of the query in flight. */
interface ClientInternals {
  _getActiveQuery?: () => unknown;
  connection?: { stream?: { bytesRead?: number; destroy(error?: Error): void } };
}

interface LastSeen {
  readonly query: unknown;
  readonly bytesRead: number;
  readonly since: number;
}

const SWEEP_MS = 1_000;

/**
 * The client's own bound on a query that Postgres never answers (frozen, or gone behind a
 * half-open connection, where no server-side timeout can fire): a connection whose query in
 * flight has received nothing for PG_QUERY_TIMEOUT_MS is destroyed, which fails that query
 * and lets the pool replace the connection. One sweep a second over the pool's connections
 * does it, rather than pg's `query_timeout`, which arms and clears a timer around every
 * query on the command path (decision 152). The sweeps stop once the pool has ended.
 */
export function watchQueries(
  pool: pg.Pool,
  settings: BoundSettings,
  now: () => number = () => performance.now(),
): void {
  const timeoutMs = queryTimeoutMs(settings);
  if (timeoutMs === 0) return;
  const clients = new Map<pg.PoolClient, LastSeen | undefined>();
  pool.on('connect', (client) => clients.set(client, undefined));
  pool.on('remove', (client) => clients.delete(client as pg.PoolClient));
  const sweep = () => {
    if (pool.ended) return clearInterval(timer);
    const at = now();
    for (const [client, last] of clients) {
      const internals = client as unknown as ClientInternals;
      const query = internals._getActiveQuery?.() ?? undefined;
      const stream = internals.connection?.stream;
      const bytesRead = stream?.bytesRead ?? 0;
      const waiting = query !== undefined && last?.query === query && last.bytesRead === bytesRead;
      if (!waiting) clients.set(client, { query, bytesRead, since: at });
      else if (at - last.since >= timeoutMs) {
        clients.delete(client);
        stream?.destroy(new Error(`Query read timeout: Postgres sent nothing for ${timeoutMs} ms`));
      }
    }
  };
  const timer = setInterval(sweep, Math.min(SWEEP_MS, Math.max(10, timeoutMs / 4)));
  timer.unref();
}
