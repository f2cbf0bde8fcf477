import type pg from 'pg';
import { type AuditKeys, loadAuditKeys } from '@infra/audit/audit-keys';
import { parseConfig } from '@infra/config/config';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';

/**
 * The adapters the audit projections' tests run on, so a test beside projections/ reaches
 * them through this harness (tests/architecture/layer-imports.test.ts).
 */
export { type ClaimLife, claimantNumbered, claimLife } from '@infra/kafka/testing/claim-life';
export type { AuditKeys };

/** The Postgres event store the portal runs, over a test database's pool. */
export const testEventStore = (pool: pg.Pool) =>
  createPostgresEventStore(pool, { pollIntervalMs: 50 });

/** A development audit key kept under `dataDir`, as the portal makes one. */
export const testAuditKeys = (dataDir: string): Promise<AuditKeys> =>
  loadAuditKeys(parseConfig({ DATA_DIR: dataDir }));
