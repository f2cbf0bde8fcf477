import { upcastClaimEvent } from '@contracts/claims/events';
import { StaleVersionError, ValidationError, type VersionChange } from '@contracts/errors';
import type { ClaimStream } from './claim-stream';

/**
 * A claim's version: how many events its stream holds, the same number as the claims read
 * model's `version` column. Clients see it as the ETag `"<version>"` (decision 048).
 */
export const claimVersion = (stream: ClaimStream): number => stream.recorded.length;

const STALE_CLAIM = 'The claim was changed after you opened it';

/**
 * The staff fields other saves changed after `version`, field by field, oldest first.
 * Customer events (documents, letter read) commute with a staff save, and the letter's read
 * flag is reset by every save, so neither counts.
 */
function staffChangesSince(stream: ClaimStream, version: number, until?: number): VersionChange[] {
  return stream.recorded.slice(Math.max(0, version), until).flatMap((recorded) => {
    const event = upcastClaimEvent(recorded);
    if (event.type !== 'ClaimAmendedByStaff') return [];
    const { amendedBy, amendedAt } = event.data;
    return Object.entries(event.data.changes)
      .filter(([field, change]) => field !== 'decisionLetterRead' && change)
      .map(([field, change]) => ({
        field,
        from: change?.from,
        to: change?.to,
        by: amendedBy.email,
        at: amendedAt,
      }));
  });
}

/**
 * A staff save based on `version` may go on only when nothing it could overwrite changed
 * since; otherwise a 409 with the current version and every change since.
 */
export function checkReadVersion(stream: ClaimStream, version: number): void {
  const current = claimVersion(stream);
  const changes = staffChangesSince(stream, version);
  if (version > current || changes.length > 0) {
    throw new StaleVersionError(STALE_CLAIM, current, changes);
  }
}

/**
 * What an overwrite replaces: the staff changes of others between the version the saver
 * first read (`overwriting`) and the version the 409 named (`readVersion`). A save may name
 * `overwriting` only when that range holds such a change, so the record of what was
 * overridden cannot be made up by the client (issue 50); otherwise a 400.
 */
export function overriddenChanges(
  stream: ClaimStream,
  overwriting: number,
  readVersion: number,
  saverEmail: string,
): VersionChange[] {
  const changes =
    overwriting < readVersion
      ? staffChangesSince(stream, overwriting, readVersion).filter((c) => c.by !== saverEmail)
      : [];
  if (changes.length === 0) {
    throw new ValidationError([{ field: 'overwriting', code: 'overwriting.noConflict' }]);
  }
  return changes;
}
