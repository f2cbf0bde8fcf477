import type pg from 'pg';
import type { RecordedEvent } from '@contracts/event-store';
import type { Migration } from '../postgres/migrate';
import { claimIdOf } from './relay-state';

type Queryable = Pick<pg.Pool, 'query'>;

/**
 * Events the relay could not map, and the later events of their claims waiting behind them.
 * One row per event, in log order; a row leaves only when its event is published.
 */
export const relayParkingMigration: Migration = {
  id: '420-kafka-relay-parked',
  sql: `
    create table kafka_relay_parked (
      relay text not null,
      commit_position bigint not null,
      prepare_position bigint not null,
      claim_id text not null,
      stream_id text not null,
      stream_revision bigint not null,
      event_id uuid not null,
      event_type text not null,
      error text not null,
      attempts integer not null default 1,
      parked_at timestamptz not null default now(),
      retry_requested_at timestamptz,
      primary key (relay, commit_position, prepare_position)
    );
    create index kafka_relay_parked_claim on kafka_relay_parked (relay, claim_id);
  `,
};

export const WAITING_BEHIND = 'waiting behind an earlier parked event of this claim';

interface ParkedEvent {
  readonly relay: string;
  readonly claimId: string;
  readonly streamId: string;
  readonly streamRevision: bigint;
  readonly eventId: string;
  readonly eventType: string;
  readonly error: string;
  readonly attempts: number;
  readonly parkedAt: Date;
  readonly retryRequested: boolean;
}

export interface ToPark {
  readonly event: RecordedEvent;
  readonly error: string;
}

/** Which of these claims have parked events (their later events must wait behind them). */
export async function parkedClaimsAmong(
  client: Queryable,
  relay: string,
  claimIds: readonly string[],
): Promise<Set<string>> {
  if (claimIds.length === 0) return new Set();
  const { rows } = await client.query<{ claim_id: string }>(
    'select distinct claim_id from kafka_relay_parked where relay = $1 and claim_id = any($2)',
    [relay, [...new Set(claimIds)]],
  );
  return new Set(rows.map((row) => row.claim_id));
}

/** Inside the transaction that moves the checkpoint past them. */
export async function park(
  client: Queryable,
  relay: string,
  events: readonly ToPark[],
): Promise<void> {
  if (events.length === 0) return;
  await client.query(
    `insert into kafka_relay_parked
       (relay, commit_position, prepare_position, claim_id, stream_id, stream_revision,
        event_id, event_type, error)
     select $1, * from unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::bigint[],
       $7::uuid[], $8::text[], $9::text[])
     on conflict do nothing`,
    [
      relay,
      events.map(({ event }) => event.position.commit.toString()),
      events.map(({ event }) => event.position.prepare.toString()),
      events.map(({ event }) => claimIdOf(event)),
      events.map(({ event }) => event.streamId),
      events.map(({ event }) => event.streamRevision.toString()),
      events.map(({ event }) => event.metadata.eventId),
      events.map(({ event }) => event.type),
      events.map(({ error }) => error.slice(0, 2_000)),
    ],
  );
}

interface ParkedRow {
  relay: string;
  claim_id: string;
  stream_id: string;
  stream_revision: string;
  event_id: string;
  event_type: string;
  error: string;
  attempts: number;
  parked_at: Date;
  retry_requested_at: Date | null;
  commit_position: string;
  prepare_position: string;
}

const toParked = (row: ParkedRow): ParkedEvent => ({
  relay: row.relay,
  claimId: row.claim_id,
  streamId: row.stream_id,
  streamRevision: BigInt(row.stream_revision),
  eventId: row.event_id,
  eventType: row.event_type,
  error: row.error,
  attempts: row.attempts,
  parkedAt: row.parked_at,
  retryRequested: row.retry_requested_at !== null,
});

export interface ParkedRecord extends ParkedEvent {
  readonly position: { readonly commit: bigint; readonly prepare: bigint };
}

/** Every parked event (of one relay, or all), oldest first. */
export async function listParked(client: Queryable, relay?: string): Promise<ParkedRecord[]> {
  const { rows } = await client.query<ParkedRow>(
    `select * from kafka_relay_parked where $1::text is null or relay = $1
     order by relay, commit_position, prepare_position`,
    [relay ?? null],
  );
  return rows.map((row) => ({
    ...toParked(row),
    position: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
  }));
}

/** Asks the running relay to try again (all claims, or one); returns how many events. */
export async function requestParkedRetry(client: Queryable, claimId?: string): Promise<number> {
  const { rowCount } = await client.query(
    `update kafka_relay_parked set retry_requested_at = now()
     where $1::text is null or claim_id = $1`,
    [claimId ?? null],
  );
  return rowCount ?? 0;
}

/** Claims whose parked events someone asked to retry. */
export async function claimsToRetry(client: Queryable, relay: string): Promise<string[]> {
  const { rows } = await client.query<{ claim_id: string }>(
    `select claim_id from kafka_relay_parked where relay = $1 and retry_requested_at is not null
     group by claim_id order by min(commit_position), min(prepare_position)`,
    [relay],
  );
  return rows.map((row) => row.claim_id);
}

/** One claim's parked events in log order. */
export async function parkedOf(
  client: Queryable,
  relay: string,
  claimId: string,
): Promise<ParkedRecord[]> {
  const { rows } = await client.query<ParkedRow>(
    `select * from kafka_relay_parked where relay = $1 and claim_id = $2
     order by commit_position, prepare_position`,
    [relay, claimId],
  );
  return rows.map((row) => ({
    ...toParked(row),
    position: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
  }));
}

/** After a retry: the published rows leave; the one that failed again keeps its new error. */
export async function settleRetry(
  client: Queryable,
  relay: string,
  claimId: string,
  published: readonly ParkedRecord[],
  failed: { readonly record: ParkedRecord; readonly error: string } | undefined,
): Promise<void> {
  if (published.length > 0) {
    await client.query('delete from kafka_relay_parked where relay = $1 and event_id = any($2)', [
      relay,
      published.map((p) => p.eventId),
    ]);
  }
  if (failed) {
    await client.query(
      `update kafka_relay_parked set error = $3, attempts = attempts + 1
       where relay = $1 and event_id = $2`,
      [relay, failed.record.eventId, failed.error.slice(0, 2_000)],
    );
  }
  await client.query(
    'update kafka_relay_parked set retry_requested_at = null where relay = $1 and claim_id = $2',
    [relay, claimId],
  );
}

export async function countParked(
  client: Queryable,
): Promise<{ events: number; claims: number; oldest: Date | null }> {
  const { rows } = await client.query<{ events: string; claims: string; oldest: Date | null }>(
    `select count(*) as events, count(distinct claim_id) as claims, min(parked_at) as oldest
     from kafka_relay_parked`,
  );
  const row = rows[0];
  return {
    events: Number(row?.events ?? 0),
    claims: Number(row?.claims ?? 0),
    oldest: row?.oldest ?? null,
  };
}
