import { type RecordedEvent, START_OF_LOG } from '@contracts/event-store';
import { addAdditionalDocuments } from '@services/claims/add-additional-documents';
import { amendClaim } from '@services/claims/amend-claim';
import { markDecisionLetterRead } from '@services/claims/mark-decision-letter-read';
import { submitClaim } from '@services/claims/submit-claim';
import {
  claimantFor,
  customerContext,
  type Harness,
  pdfBytes,
  staffContext,
  staffMember,
  submitRequest,
} from '@tests/support/claims/handler-harness';
import { applyBatch } from '@projections/runner/apply-batch';
import type { Projection } from '@projections/runner/projection';
import type { SqlClient } from '@projections/runner/sql';

/** Test support for rebuild and verify: claims with every kind of event, and the log as projected. */

/** Submits a claim for each customer, with documents added, a staff save and a letter read. */
export async function seedClaims(
  harness: Harness,
  customers: readonly string[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, customer] of customers.entries()) {
    const { submissionId } = await submitClaim(
      harness.ports,
      submitRequest,
      claimantFor(customer),
      customerContext(customer),
    );
    await addAdditionalDocuments(
      harness.ports,
      { submissionId, files: [{ fileName: 'roe.pdf', bytes: pdfBytes(customer) }] },
      claimantFor(customer),
      customerContext(customer),
    );
    await amendClaim(
      harness.ports,
      {
        readVersion: 'latest',
        submissionId,
        changes: { claimNumber: `R${index}${customer}`, status: 'Approved', benefitAmount: '12.5' },
        decisionLetter: { fileName: 'letter.pdf', bytes: pdfBytes(`letter ${customer}`) },
      },
      staffMember,
      staffContext(),
    );
    await markDecisionLetterRead(
      harness.ports,
      { submissionId },
      claimantFor(customer),
      customerContext(customer),
    );
    ids.push(submissionId);
  }
  return ids;
}

/**
 * The whole log, once every event stored is visible: the global log shows a commit only
 * when older transactions anywhere on the shared test cluster have finished.
 */
export async function visibleEvents(harness: Harness): Promise<RecordedEvent[]> {
  const pool = harness.database.pool;
  const stored = Number((await pool.query('select count(*) from events')).rows[0].count);
  for (let attempt = 0; ; attempt += 1) {
    const events = await harness.ports.eventStore.readAll({
      after: START_OF_LOG,
      maxCount: 100_000,
    });
    if (events.length >= stored || attempt > 400) return events;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Applies the whole log, as a live runner would (events at or before the checkpoint are skipped). */
export async function projectAll(
  harness: Harness,
  projection: Projection,
): Promise<RecordedEvent[]> {
  const events = await visibleEvents(harness);
  await applyBatch(harness.database.pool, projection, events);
  return events;
}

/** Every row of each table, in primary-key order, as JSON. */
export async function tableRows(client: SqlClient, tables: readonly string[]) {
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    const result = await client.query<{ row: unknown }>(
      `select to_jsonb(t) as row from ${table} t order by 1`,
    );
    rows[table] = result.rows.map((r) => r.row);
  }
  return rows;
}
