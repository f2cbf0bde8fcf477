import { projectionMigrations } from '@projections/index';
import { claimDraftMigrations } from '../claim-drafts/postgres-claim-drafts';
import { eventStoreMigrations } from '../eventstore/postgres/schema';
import { identityMigrations } from '../identity/identity-migrations';
import { staffSessionMigrations } from '../oidc/staff-sessions';
import type { Migration } from './migrate';

/** Every migration of the application database: the event store's, each read model's, then sessions and claim drafts. */
export const allMigrations: readonly Migration[] = [
  ...eventStoreMigrations,
  ...projectionMigrations,
  ...staffSessionMigrations,
  ...identityMigrations,
  ...claimDraftMigrations,
];
