import type pg from 'pg';
import type { EventStore } from '@contracts/event-store';
import type { Config } from '../config/config';
import { portalMetrics } from '../metrics/metrics';
import { observedEventStore } from './observed-event-store';
import { createPostgresEventStore } from './postgres/postgres-event-store';

/** Postgres by default; EventStoreDB when EVENTSTORE_URL is set. */
export async function createEventStore(config: Config, pool: pg.Pool): Promise<EventStore> {
  if (!config.EVENTSTORE_URL) {
    const { appendBatchEvents, appendBatchAppends } = portalMetrics();
    return observedEventStore(
      createPostgresEventStore(pool, {
        onBatch: (appends, events) => {
          appendBatchAppends.observe(appends);
          appendBatchEvents.observe(events);
        },
      }),
    );
  }
  const { createEventStoreDbEventStore } = await import('./esdb/esdb-event-store');
  return observedEventStore(createEventStoreDbEventStore(config.EVENTSTORE_URL));
}
