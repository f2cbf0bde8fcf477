import type { Migration } from '../../postgres/migrate';
import { appendBatchMigration } from './append-batch-function';
import {
  appendEventsLeanMigration,
  appendEventsMigration,
  appendEventsPositionsMigration,
  appendEventsV3NameMigration,
} from './append-events-function';

export const eventStoreMigrations: Migration[] = [
  {
    id: '001-event-store',
    sql: `
      create table event_streams (
        stream_id text primary key,
        revision bigint not null,
        last_hash text not null
      );
      create table events (
        global_position bigint generated always as identity primary key,
        transaction_id xid8 not null default pg_current_xact_id(),
        stream_id text not null,
        stream_revision bigint not null,
        event_id uuid not null,
        event_type text not null,
        data jsonb not null,
        metadata jsonb not null,
        hash text not null,
        recorded_at timestamptz not null default now(),
        constraint events_stream_revision_unique unique (stream_id, stream_revision),
        constraint events_event_id_unique unique (event_id)
      );
      create index events_global_order on events (transaction_id, global_position);
    `,
  },
  appendBatchMigration,
  appendEventsMigration,
  appendEventsLeanMigration,
  appendEventsPositionsMigration,
  appendEventsV3NameMigration,
];
