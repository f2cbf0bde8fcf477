import type pg from 'pg';
import type { EventStore } from '@contracts/event-store';
import type { Config } from '../config/config';
import { createPostgresEventStore } from './postgres/postgres-event-store';

/** Postgres by default; EventStoreDB when EVENTSTORE_URL is set. */
export async function createEventStore(config: Config, pool: pg.Pool): Promise<EventStore> {
  if (!config.EVENTSTORE_URL) return createPostgresEventStore(pool);
  const { createEventStoreDbEventStore } = await import('./esdb/esdb-event-store');
  return createEventStoreDbEventStore(config.EVENTSTORE_URL);
}
