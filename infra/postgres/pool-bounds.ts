import type pg from 'pg';
import type { Config } from '../config/config';
import { connectBoundedClient } from './checkout-bound';

export type BoundSettings = Pick<
  Config,
  | 'PG_CONNECT_TIMEOUT_MS'
  | 'PG_STATEMENT_TIMEOUT_MS'
  | 'PG_IDLE_IN_TRANSACTION_TIMEOUT_MS'
  | 'PG_QUERY_TIMEOUT_MS'
>;

const QUERY_MARGIN_MS = 5_000;

/**
 * The pool options that put a bound on every wait for Postgres (decision 113). The server
 * ends a long statement or an abandoned transaction; the client gives up on a connection or
 * a query when the server itself is frozen (SIGSTOP, a hung host), where no server-side
 * timeout can fire. TCP keepalives let the kernel notice a peer that vanished.
 */
export function boundedPoolOptions(settings: BoundSettings): pg.PoolConfig {
  const connectTimeoutMs = settings.PG_CONNECT_TIMEOUT_MS;
  return {
    // Checkouts that wait are bounded by `boundCheckouts`; new connections by their client.
    connectionTimeoutMillis: connectTimeoutMs,
    ...(connectTimeoutMs > 0 ? { Client: connectBoundedClient(connectTimeoutMs) } : {}),
    statement_timeout: settings.PG_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: settings.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    // pg sends or arms none of these when 0: 0 turns each bound off. The client's bound on a
    // query is `watchQueries`, not pg's `query_timeout`.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/** How long a query may go unanswered before the client gives up on its connection. */
export function queryTimeoutMs(settings: BoundSettings): number {
  const statement = settings.PG_STATEMENT_TIMEOUT_MS;
  return settings.PG_QUERY_TIMEOUT_MS ?? (statement === 0 ? 0 : statement + QUERY_MARGIN_MS);
}

/**
 * The connections elected roles take, renew and free their leases on (decision 112): a
 * live holder or standby uses one every third of the TTL, so Postgres ends any left idle
 * for two TTLs, which only a frozen process does. The pool lets its own idle ones go first.
 */
export function leasePoolOptions(
  settings: BoundSettings & Pick<Config, 'LEASE_TTL_MS'>,
): pg.PoolConfig {
  return {
    ...boundedPoolOptions(settings),
    max: 2,
    idleTimeoutMillis: settings.LEASE_TTL_MS,
    options: `-c idle_session_timeout=${2 * settings.LEASE_TTL_MS}`,
  };
}
