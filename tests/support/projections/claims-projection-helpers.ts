import { v7 as uuidv7 } from 'uuid';
import type { EventStore, RecordedEvent } from '@contracts/event-store';
import { claimsProjection } from '@projections/claims/claims-projection';
import { applyBatch } from '@projections/runner/run-projections';
import type { CommandContext } from '@services/shared/command-context';
import type { Harness } from '@tests/support/claims/handler-harness';

/** What the claims projection's test files share: context, log reads, table snapshots. */
export const context = (customerId: string, now: Date): CommandContext => ({
  commandId: uuidv7(),
  actor: { kind: 'customer', id: customerId },
  tenant: 'base',
  correlationId: uuidv7(),
  now,
});

export const request = {
  policyNumber: 'POL-1',
  productCode: '210' as const,
  productType: 'Mortgage' as const,
  claimType: 'Job Loss' as const,
  claimDescription: '',
};

/**
 * The global log shows a commit only once every older transaction in the cluster has
 * finished; other test files share the cluster, so wait until our events are visible.
 */
export async function readAllVisible(
  store: EventStore,
  atLeast: number,
  metadataKeys?: readonly string[],
): Promise<RecordedEvent[]> {
  for (let attempt = 0; ; attempt += 1) {
    const after = { commit: 0n, prepare: 0n };
    const events = await store.readAll({ after, maxCount: 1000, metadataKeys });
    if (events.length >= atLeast || attempt > 200) return events;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const eventCount = async (harness: Harness) =>
  Number((await harness.database.pool.query('select count(*) from events')).rows[0].count);

export const snapshot = async (harness: Harness) =>
  (await harness.database.pool.query('select * from claims order by submission_id')).rows;

export const statusCounts = async (harness: Harness) =>
  (await harness.database.pool.query('select * from claim_status_counts order by status')).rows;

export const versionSnapshot = async (harness: Harness) =>
  (
    await harness.database.pool.query(
      'select * from claim_versions order by submission_id, version',
    )
  ).rows;

export async function applyAll(harness: Harness): Promise<RecordedEvent[]> {
  const events = await readAllVisible(harness.ports.eventStore, await eventCount(harness));
  await applyBatch(harness.database.pool, claimsProjection, events);
  return events;
}
