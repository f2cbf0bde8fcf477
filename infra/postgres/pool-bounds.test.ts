import { createServer, type Server } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { parseConfig } from '../config/config';
import { boundCheckouts, dedicatedClient } from './checkout-bound';
import { boundedPoolOptions, leasePoolOptions, queryTimeoutMs } from './pool-bounds';
import { watchQueries } from './query-watchdog';

const bounded = (url: string, env: Record<string, string>) => {
  const settings = parseConfig(env);
  const pool = new pg.Pool({ connectionString: url, max: 2, ...boundedPoolOptions(settings) });
  watchQueries(pool, settings);
  boundCheckouts(pool, settings);
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
};

const elapsed = async (run: () => Promise<unknown>) => {
  const started = performance.now();
  const error = await run().then(
    () => undefined,
    (caught: unknown) => caught as Error & { code?: string },
  );
  return { error, ms: performance.now() - started };
};

describe('bounded Postgres pool', () => {
  let database: TestDatabase;
  // A "server" that accepts TCP and then never answers: a frozen Postgres, seen from a client.
  let silent: Server;
  let silentPort = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    silent.close();
    await database.drop();
  });

  it('has sensible defaults: every bound on', () => {
    const options = boundedPoolOptions(parseConfig({}));
    expect(options.connectionTimeoutMillis).toBe(10_000);
    expect(options.statement_timeout).toBe(60_000);
    expect(options.idle_in_transaction_session_timeout).toBe(60_000);
    expect(queryTimeoutMs(parseConfig({}))).toBe(65_000);
    // No timer armed around each query: the watchdog sweeps instead (decision 152).
    expect(options.query_timeout).toBeUndefined();
    expect(options.keepAlive).toBe(true);
  });

  it('ends a statement that runs past PG_STATEMENT_TIMEOUT_MS (server side)', async () => {
    const pool = bounded(database.url, { PG_STATEMENT_TIMEOUT_MS: '300' });
    try {
      const { error, ms } = await elapsed(() => pool.query('select pg_sleep(5)'));
      expect(error?.code).toBe('57014');
      expect(ms).toBeLessThan(2_000);
    } finally {
      await pool.end();
    }
  });

  it('ends a lease connection left idle for two lease TTLs (a frozen holder)', async () => {
    const pool = new pg.Pool({
      connectionString: database.url,
      ...leasePoolOptions(parseConfig({ LEASE_TTL_MS: '300' })),
    });
    pool.on('error', () => {});
    const client = await pool.connect();
    client.on('error', () => {});
    try {
      const { rows } = await client.query('show idle_session_timeout');
      expect(rows[0]?.idle_session_timeout).toBe('600ms');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const { error } = await elapsed(() => client.query('select 1'));
      expect(error).toBeDefined();
    } finally {
      client.release(true);
      await pool.end();
    }
  });

  it('ends a transaction left idle past PG_IDLE_IN_TRANSACTION_TIMEOUT_MS', async () => {
    const pool = bounded(database.url, { PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: '300' });
    const client = await pool.connect();
    try {
      await client.query('begin');
      await new Promise((resolve) => setTimeout(resolve, 800));
      const { error } = await elapsed(() => client.query('select 1'));
      expect(error).toBeDefined();
    } finally {
      client.release(true);
      await pool.end();
    }
  });

  it('gives up connecting to a server that never answers, within PG_CONNECT_TIMEOUT_MS', async () => {
    const url = `postgres://nobody@127.0.0.1:${silentPort}/none`;
    const pool = bounded(url, { PG_CONNECT_TIMEOUT_MS: '300' });
    try {
      const { error, ms } = await elapsed(() => pool.query('select 1'));
      expect(error).toBeDefined();
      expect(ms).toBeLessThan(2_000);
    } finally {
      await pool.end();
    }
  });

  it('gives up on a query the server never answers, within PG_QUERY_TIMEOUT_MS', async () => {
    // The statement bound is off, so only the client's own deadline can end the wait.
    const pool = bounded(database.url, {
      PG_STATEMENT_TIMEOUT_MS: '0',
      PG_QUERY_TIMEOUT_MS: '300',
    });
    try {
      const { error, ms } = await elapsed(() => pool.query('select pg_sleep(5)'));
      expect(error?.message).toMatch(/timeout/i);
      expect(ms).toBeGreaterThanOrEqual(300);
      expect(ms).toBeLessThan(2_000);
    } finally {
      await pool.end();
    }
  });

  it('leaves idle connections, answered queries and slow answers that keep coming alone', async () => {
    const pool = bounded(database.url, {
      PG_STATEMENT_TIMEOUT_MS: '0',
      PG_QUERY_TIMEOUT_MS: '300',
    });
    try {
      const first = await pool.query('select pg_backend_pid() as pid');
      // Idle for three timeouts, then asked again: the same connection answers.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const second = await pool.query('select pg_backend_pid() as pid');
      expect(second.rows[0]?.pid).toBe(first.rows[0]?.pid);
      // A notice every 100 ms for a second: never silent for the timeout, so never cut off.
      const slow = await pool.query(`do $$ begin for i in 1..10 loop
        perform pg_sleep(0.1); raise notice 'row %', i; end loop; end $$`);
      expect(slow.command).toBe('DO');
    } finally {
      await pool.end();
    }
  });

  it('arms no timer for a checkout that an idle connection answers (decision 156)', async () => {
    const pool = bounded(database.url, { PG_CONNECT_TIMEOUT_MS: '4321' });
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      await pool.query('select 1');
      timers.mockClear();
      for (let i = 0; i < 10; i += 1) await pool.query('select 1');
      const bounds = timers.mock.calls.filter(([, delay]) => delay === 4321);
      expect(bounds).toHaveLength(0);
    } finally {
      timers.mockRestore();
      await pool.end();
    }
  });

  it('still bounds a checkout that waits for a busy connection', async () => {
    const pool = bounded(database.url, { PG_CONNECT_TIMEOUT_MS: '300' });
    const held = await Promise.all([pool.connect(), pool.connect()]);
    try {
      const { error, ms } = await elapsed(() => pool.query('select 1'));
      expect(error?.message).toMatch(/timeout exceeded when trying to connect/);
      expect(ms).toBeGreaterThanOrEqual(250);
      expect(ms).toBeLessThan(2_000);
    } finally {
      for (const client of held) client.release();
      await pool.end();
    }
  });

  it('bounds every new connection by its client, whatever the pool option says', async () => {
    const { Client } = boundedPoolOptions(parseConfig({ PG_CONNECT_TIMEOUT_MS: '300' }));
    if (!Client) throw new Error('the bounded options name no client');
    const client = new (Client as typeof pg.Client)({
      connectionString: `postgres://nobody@127.0.0.1:${silentPort}/none`,
      connectionTimeoutMillis: 0,
    });
    const { error, ms } = await elapsed(() => client.connect());
    expect(error?.message).toMatch(/timeout/);
    expect(ms).toBeLessThan(2_000);
  });

  it('bounds a dedicated connection (a LISTEN) after a checkout that armed nothing', async () => {
    const pool = bounded(database.url, { PG_CONNECT_TIMEOUT_MS: '300' });
    try {
      await pool.query('select 1');
      await pool.query('select 1'); // an idle connection answers: the pool's option is 0 now
      const listener = dedicatedClient(pool, {
        connectionString: `postgres://nobody@127.0.0.1:${silentPort}/none`,
      });
      const { error, ms } = await elapsed(() => listener.connect());
      expect(error?.message).toMatch(/timeout/);
      expect(ms).toBeLessThan(2_000);
    } finally {
      await pool.end();
    }
  });
});
