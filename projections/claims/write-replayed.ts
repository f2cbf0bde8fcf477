import type { ApplyContext } from '../runner/projection';
import type { BinaryRows } from '../runner/copy-binary';
import { copyEncoded, copyRows } from '../runner/copy-rows';
import type { SqlClient } from '../runner/sql';
import { type Folded, updateClaimRows } from './claim-batch';
import { CLAIM_COLUMNS } from './claim-rows';
import { addStatusChange, applyStatusDeltas, type StatusDeltas } from './status-counts';

/**
 * A replayed batch's rows written: new claims and every version row by COPY, the claims
 * begun earlier updated. The runner holds the checkpoint row (or the shadow tables are its
 * own), so no one else writes these claims meanwhile: a claim without a row, and a version
 * above the row's, are certainly new.
 */
export async function writeReplayed(
  client: SqlClient,
  {
    fresh,
    changed,
    changedDeltas,
  }: { fresh: Folded; changed: Folded; changedDeltas: StatusDeltas },
  /** Version rows the caller encoded already; the folded ones are added after them. */
  versions: BinaryRows,
  how: ApplyContext,
): Promise<void> {
  await copyRows(client, 'claims', CLAIM_COLUMNS, fresh.rows);
  await updateClaimRows(client, changed.rows);
  for (const version of fresh.versions) versions.row(version);
  for (const version of changed.versions) versions.row(version);
  await copyEncoded(client, 'claim_versions', versions);
  if (how.derivedLater) return;
  for (const row of fresh.rows) addStatusChange(changedDeltas, undefined, row.status);
  await applyStatusDeltas(client, changedDeltas);
}
