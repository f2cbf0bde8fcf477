import pg from 'pg';

type Connect = (callback?: unknown) => unknown;

/**
 * PG_CONNECT_TIMEOUT_MS without a timer around every checkout (decision 156). With
 * `connectionTimeoutMillis` set, pg-pool arms and clears a timer for each `connect()` and
 * `query()`, even one that an idle connection answers on the next tick, and a command checks
 * out several times. So the pool's bound is set only for a checkout that may have to wait:
 * when no idle connection is left over after the waiters ahead of it (pg-pool serves its
 * queue in order). A new connection is bounded by its own client (`connectBoundedClient`).
 */
export function boundCheckouts(
  pool: pg.Pool,
  settings: { readonly PG_CONNECT_TIMEOUT_MS: number },
): void {
  const boundMs = settings.PG_CONNECT_TIMEOUT_MS;
  if (boundMs === 0) return;
  const connect = pool.connect.bind(pool) as Connect;
  const checkout: Connect = (callback) => {
    pool.options.connectionTimeoutMillis = pool.idleCount > pool.waitingCount ? 0 : boundMs;
    return connect(callback);
  };
  (pool as unknown as { connect: Connect }).connect = checkout;
}

/**
 * A pg client that gives up opening its connection after `connectTimeoutMs`, whatever the
 * pool's option was when the pool made it: the pool also opens connections for waiters it
 * serves later (after one is removed), outside any checkout.
 */
export function connectBoundedClient(connectTimeoutMs: number): typeof pg.Client {
  return class ConnectBoundedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      const options = typeof config === 'string' ? { connectionString: config } : config;
      super({ ...options, connectionTimeoutMillis: connectTimeoutMs });
    }
  };
}

/**
 * A connection of its own (a LISTEN, say) with the pool's settings, made by the pool's client
 * class: `pool.options.connectionTimeoutMillis` is per checkout (`boundCheckouts`), so a
 * plain `new pg.Client(pool.options)` could open its connection without any bound.
 */
export function dedicatedClient(pool: pg.Pool, extra: pg.ClientConfig = {}): pg.Client {
  const PoolClient = (pool.options.Client ?? pg.Client) as typeof pg.Client;
  return new PoolClient({ ...pool.options, ...extra });
}
