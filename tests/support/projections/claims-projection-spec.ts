import type { ClaimStatus } from '@contracts/claims/catalogue';
import type { ClaimEvent } from '@contracts/claims/events';
import { claimStreamId } from '@contracts/claims/events';
import type { EventMetadata, RecordedEvent } from '@contracts/event-store';
import { claimsProjection } from '@projections/claims/claims-projection';
import type { SqlClient } from '@projections/runner/sql';

/**
 * The claims projection in Emmett's `PostgreSQLProjectionSpec` shape: given the events already
 * projected, when more are projected, then the read model reads so. Events are written here,
 * not through the command handlers: a spec names exactly what the projection is handed.
 */
export function claimsProjectionSpec(pool: SqlClient) {
  return {
    given: (...given: readonly RecordedEvent[]) => ({
      when: (...when: readonly RecordedEvent[]) => ({
        // biome-ignore lint/suspicious/noThenProperty: Emmett's given/when/then; the step is never awaited itself.
        async then(check: () => Promise<void>): Promise<void> {
          if (given.length > 0) await claimsProjection.apply(pool, given);
          await claimsProjection.apply(pool, when);
          await check();
        },
      }),
    }),
  };
}

let position = 0n;

/** A claim's events as the store records them: its stream, revisions from 0, rising positions. */
export function claimLog(
  submissionId: string,
  events: readonly ClaimEvent[],
  occurredAt = (index: number) => new Date(Date.UTC(2026, 10, 1 + index, 10)).toISOString(),
): RecordedEvent[] {
  return events.map((event, index) => {
    position += 1n;
    return {
      ...event,
      metadata: {
        eventId: `${submissionId.slice(0, 8)}-${index}`,
        occurredAt: occurredAt(index),
        actor: { kind: 'customer', id: 'spec' },
        correlationId: 'spec',
        causationId: 'spec',
        tenant: 'base',
        schemaVersion: event.type === 'ClaimSubmitted' ? 3 : 1,
      } satisfies EventMetadata,
      streamId: claimStreamId(submissionId),
      streamRevision: BigInt(index),
      position: { commit: position, prepare: position },
      hash: '',
    };
  });
}

/** A submission of `customerId`'s claim with no documents. */
export const submitted = (
  submissionId: string,
  customerId: string,
  submittedAt = '2026-11-01T10:00:00.000Z',
): ClaimEvent => ({
  type: 'ClaimSubmitted',
  data: {
    submissionId,
    confirmationNumber: `C${submissionId.slice(-4)}`,
    policyNumber: 'POL-1',
    productCode: '210',
    productType: 'Mortgage',
    claimType: 'Job Loss',
    claimDescription: '',
    claimant: {
      customerId,
      email: `${customerId}@example.com`,
      firstName: 'Ana',
      lastName: 'Lima',
      dateOfBirth: '1980-04-02',
    },
    orgId: 'org-1',
    submittedAt,
    documents: [],
  },
});

/** A staff save moving the claim's status. */
export const statusSaved = (
  submissionId: string,
  from: ClaimStatus,
  to: ClaimStatus,
): ClaimEvent => ({
  type: 'ClaimAmendedByStaff',
  data: {
    submissionId,
    changes: { status: { from, to } },
    amendedBy: { staffId: 'staff-7', email: 'agent@insurer.example' },
    amendedAt: '2026-11-02T09:00:00.000Z',
  },
});
