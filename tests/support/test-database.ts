import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { allMigrations } from '@infra/postgres/migrations';
import { migrate } from '@infra/postgres/migrate';

export interface TestDatabase {
  readonly url: string;
  readonly pool: pg.Pool;
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // drop() ends the pool, then drops the database WITH (FORCE): a connection still open
  // then (a query a test left running) is terminated, which must not end the test worker.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  await migrate(pool, allMigrations);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
