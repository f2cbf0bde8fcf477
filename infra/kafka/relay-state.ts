import type pg from 'pg';
import { isClaimEvent, upcastClaimEvent } from '@contracts/claims/events';
import type { EventStore, RecordedEvent } from '@contracts/event-store';
import { evolveRelayState, type RelayClaimState } from './map-claim-event';

type Queryable = Pick<pg.Pool, 'query'>;

interface StateRow {
  claim_id: string;
  customer_id: string;
  status: RelayClaimState['status'];
  additional_reason: string;
  claim_number: string;
}

/**
 * The claim an event belongs to, read without upcasting: an event the relay cannot map must
 * still be parked under its claim. Claim streams are `claim-{submissionId}`.
 */
export function claimIdOf(event: RecordedEvent): string {
  const id = (event.data as { submissionId?: unknown } | null)?.submissionId;
  return typeof id === 'string' ? id : event.streamId.replace(/^claim-/, '');
}

/** Each listed claim's remembered state (one short read, no transaction). */
export async function loadStates(
  client: Queryable,
  claimIds: readonly string[],
): Promise<Map<string, RelayClaimState>> {
  if (claimIds.length === 0) return new Map();
  const { rows } = await client.query<StateRow>(
    'select * from kafka_relay_claims where claim_id = any($1)',
    [[...new Set(claimIds)]],
  );
  return new Map(
    rows.map((row) => [
      row.claim_id,
      {
        customerId: row.customer_id,
        status: row.status,
        additionalReason: row.additional_reason,
        claimNumber: row.claim_number,
      },
    ]),
  );
}

export async function saveStates(
  client: Queryable,
  states: ReadonlyMap<string, RelayClaimState>,
): Promise<void> {
  if (states.size === 0) return;
  const entries = [...states];
  await client.query(
    `insert into kafka_relay_claims (claim_id, customer_id, status, additional_reason, claim_number)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
     on conflict (claim_id) do update set
       customer_id = excluded.customer_id, status = excluded.status,
       additional_reason = excluded.additional_reason, claim_number = excluded.claim_number`,
    [
      entries.map(([id]) => id),
      entries.map(([, s]) => s.customerId),
      entries.map(([, s]) => s.status),
      entries.map(([, s]) => s.additionalReason),
      entries.map(([, s]) => s.claimNumber),
    ],
  );
}

/**
 * The events before this one in its stream, for a claim the relay has no state for (its
 * submission came before a reset). A read only: folding them may fail, reading may not.
 */
export async function earlierEvents(
  eventStore: EventStore,
  event: RecordedEvent,
): Promise<RecordedEvent[]> {
  if (event.type === 'ClaimSubmitted') return [];
  return eventStore.readStream(event.streamId, { maxCount: Number(event.streamRevision) });
}

/** A claim's state from its earlier events; throws when they cannot be mapped. */
export function foldState(
  event: RecordedEvent,
  earlier: readonly RecordedEvent[],
): RelayClaimState | undefined {
  if (event.type === 'ClaimSubmitted') return undefined;
  let state: RelayClaimState | undefined;
  for (const stored of earlier)
    if (isClaimEvent(stored)) state = evolveRelayState(state, upcastClaimEvent(stored));
  if (!state) throw new Error(`claim ${claimIdOf(event)} has events but no submission`);
  return state;
}
