import { checkpointMigration } from '@projections/audit/checkpoint-store';
import { projectionMigrations } from '@projections/index';
import { claimDraftMigrations } from '../claim-drafts/postgres-claim-drafts';
import { eventStoreMigrations } from '../eventstore/postgres/schema';
import { identityMigrations } from '../identity/identity-migrations';
import { kafkaMigrations } from '../kafka/kafka-migrations';
import { mailQueueMigrations } from '../mail/mail-queue';
import { staffSessionMigrations } from '../oidc/staff-sessions';
import type { Migration } from './migrate';

/** Every migration of the application database: the event store's, each read model's, sessions, claim drafts, then the Kafka relay's and the notification consumer's, and the mail queue. */
export const allMigrations: readonly Migration[] = [
  ...eventStoreMigrations,
  ...projectionMigrations,
  ...staffSessionMigrations,
  ...identityMigrations,
  ...claimDraftMigrations,
  ...kafkaMigrations,
  ...mailQueueMigrations,
  checkpointMigration,
];
