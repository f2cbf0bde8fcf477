import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { createTestDatabase } from '../support/test-database';
import { eventStoreContract } from './event-store.contract';

eventStoreContract('Postgres', async () => {
  const database = await createTestDatabase();
  const store = createPostgresEventStore(database.pool, { pollIntervalMs: 100 });
  return {
    store,
    async cleanup() {
      await store.close();
      await database.drop();
    },
  };
});
