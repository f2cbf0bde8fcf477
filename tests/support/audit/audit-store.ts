import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { type AuditKeys, loadAuditKeys } from '@infra/audit/audit-keys';
import { parseConfig } from '@infra/config/config';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { createTestDatabase, type TestDatabase } from '../test-database';

/**
 * The adapters the audit projections' tests run on, so a test beside projections/ reaches
 * them through this harness (tests/architecture/layer-imports.test.ts).
 */
export { type ClaimLife, claimantNumbered, claimLife } from '@infra/kafka/testing/claim-life';
export type { AuditKeys };

/** The Postgres event store the portal runs, over a test database's pool. */
const testEventStore = (pool: pg.Pool) => createPostgresEventStore(pool, { pollIntervalMs: 50 });

/** A development audit key kept under `dataDir`, as the portal makes one. */
const testAuditKeys = (dataDir: string): Promise<AuditKeys> =>
  loadAuditKeys(parseConfig({ DATA_DIR: dataDir }));

/** A test database, its event store and an audit key of its own: an audit suite's setup. */
export interface AuditStore {
  readonly database: TestDatabase;
  readonly store: ReturnType<typeof testEventStore>;
  readonly keys: AuditKeys;
  close(): Promise<void>;
}

export async function openAuditStore(label: string): Promise<AuditStore> {
  const database = await createTestDatabase();
  const store = testEventStore(database.pool);
  const dir = await mkdtemp(join(tmpdir(), `${label}-`));
  const keys = await testAuditKeys(dir);
  return {
    database,
    store,
    keys,
    async close() {
      await store.close();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
