import { claimVersionsMigration } from './claims/claim-versions';
import { claimsProjection } from './claims/claims-projection';
import { identifierCollationMigration } from './claims/identifier-collation';
import { claimsDocumentsAndAmendmentsMigration, claimsReadModelMigration } from './claims/schema';
import { readModelStatisticsMigration } from './claims/statistics-targets';
import { staffSearchMigration } from './claims/staff-search';
import { claimStatusCountsMigration } from './claims/status-counts';
import type { Projection } from './runner/projection';
import { checkpointMigration } from './runner/checkpoints';
import { leaseMigration } from './runner/lease';
import { projectionRefuseMigration } from './runner/refusal';

/** Every read model the runner keeps current. */
export const projections: readonly Projection[] = [claimsProjection];

export const projectionMigrations = [
  checkpointMigration,
  claimsReadModelMigration,
  claimsDocumentsAndAmendmentsMigration,
  claimVersionsMigration,
  staffSearchMigration,
  claimStatusCountsMigration,
  projectionRefuseMigration,
  leaseMigration,
  readModelStatisticsMigration,
  identifierCollationMigration,
];
