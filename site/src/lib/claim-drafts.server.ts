import { createPostgresClaimDrafts } from '@infra/claim-drafts/postgres-claim-drafts';
import type { Runtime } from '@infra/runtime';
import type { DraftPorts } from '@services/claims/claim-drafts';

/** The claim ports with the claimant drafts kept in the application database. */
export function draftPorts(runtime: Runtime): DraftPorts {
  return { ...runtime, drafts: createPostgresClaimDrafts(runtime.pool) };
}
