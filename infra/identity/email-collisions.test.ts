import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@infra/postgres/migrate';
import { newAccountRecord } from '@tests/support/identity/account-record';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { emailCollisions } from './email-collisions';
import { identityMigrations } from './identity-migrations';
import { createPostgresIdentityStore } from './postgres-identity-store';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.pool, identityMigrations);
});
afterAll(() => database.drop());

/** An account as one stored before addresses were canonical: lower-cased only. */
async function storedAccount(email: string, createdAt: string): Promise<string> {
  const record = newAccountRecord(new Date(createdAt), { email });
  await createPostgresIdentityStore(database.pool).createAccount(record);
  return record.id;
}

describe('accounts whose addresses name one inbox (decision 117)', () => {
  it('are listed together, oldest first, with addresses that have no canonical form; nothing is merged', async () => {
    const first = await storedAccount('x@example.com', '2026-01-01T00:00:00Z');
    const second = await storedAccount('x@ｅｘａｍｐｌｅ.com', '2026-02-01T00:00:00Z');
    const invisible = await storedAccount('x@example.com\u200b', '2026-03-01T00:00:00Z');
    await storedAccount('alone@example.com', '2026-03-02T00:00:00Z');

    const found = await emailCollisions(database.pool);
    expect(found).toEqual([
      {
        canonical: 'x@example.com',
        accounts: [
          expect.objectContaining({ id: first, email: 'x@example.com' }),
          expect.objectContaining({ id: second, email: 'x@ｅｘａｍｐｌｅ.com' }),
        ],
      },
      {
        canonical: '(email.invisible) x@example.com\u200b',
        accounts: [expect.objectContaining({ id: invisible })],
      },
    ]);
    const { rows } = await database.pool.query('select count(*)::int as n from identity_accounts');
    expect(rows[0].n).toBe(4);
  });
});
