import type { Migration } from '../postgres/migrate';
import { deadLetterReplayMigration } from './notifications/dead-letters';
import { relayParkingMigration } from './relay-parking';

/**
 * The relay's checkpoint and per-claim state, and the notification consumer's record of what
 * it mailed (one row per integration event id) and of each claim's recipient.
 */
export const kafkaMigrations: readonly Migration[] = [
  {
    id: '400-kafka-relay',
    sql: `
      create table kafka_relay_checkpoints (
        name text primary key,
        commit_position bigint not null,
        prepare_position bigint not null,
        published bigint not null default 0,
        updated_at timestamptz not null default now()
      );
      create table kafka_relay_claims (
        claim_id text primary key,
        customer_id text not null,
        status text not null,
        additional_reason text not null,
        claim_number text not null
      );
    `,
  },
  {
    id: '410-claim-notifications',
    sql: `
      create table notification_deliveries (
        event_id uuid primary key,
        claim_id uuid not null,
        type text not null,
        outcome text not null check (outcome in ('mailed', 'not-mailed', 'stale')),
        handled_at timestamptz not null default now()
      );
      create table notification_claims (
        claim_id uuid primary key,
        customer_id text not null,
        email text not null,
        first_name text not null,
        confirmation_number text not null,
        claim_number text
      );
    `,
  },
  relayParkingMigration,
  deadLetterReplayMigration,
];
