import { projectionMigrations } from '@projections/index';
import { eventStoreMigrations } from '../eventstore/postgres/schema';
import type { Migration } from './migrate';

/** Every migration of the application database: the event store's, then each read model's. */
export const allMigrations: readonly Migration[] = [
  ...eventStoreMigrations,
  ...projectionMigrations,
];
