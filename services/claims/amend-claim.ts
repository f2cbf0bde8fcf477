import { DECISION_LETTER_LIMITS, type InspectedFile } from '@contracts/claims/documents';
import type { StaffClaimEdit } from '@contracts/claims/commands';
import type { ClaimEvent, DecisionLetterUploaded, StaffMember } from '@contracts/claims/events';
import type { UploadedFile } from '@contracts/documents/document-storage';
import type { CommandContext } from '../shared/command-context';
import { reservingNewClaimNumber, releasingOldClaimNumber } from './claim-number-steps';
import type { ClaimStream } from './claim-stream';
import { checkReadVersion, claimVersion, overriddenChanges } from './claim-version';
import { decideClaim } from './decide-claim';
import { type ClaimCommandResult, handleClaimCommand } from './handle-claim-command';
import { type InspectedUpload, inspectFiles, withRenditions } from './inspect-file';
import { existingClaim } from './own-claim';
import type { ClaimPorts } from './ports';
import { type ObjectToStore, storingObjects } from './stored-objects';

export interface AmendClaimInput {
  readonly submissionId: string;
  readonly changes: StaffClaimEdit;
  /** A new decision letter chosen in the same save. */
  readonly decisionLetter?: UploadedFile;
  /**
   * The claim's version the person's form was read at (If-Match). 'latest' only for
   * in-process callers that read and save in one step (seeding, tests), never from HTTP.
   */
  readonly readVersion: number | 'latest';
  /**
   * The version the person first read, when they saw the changes since in the conflict
   * dialog and chose to overwrite them: the event records which of those it replaced.
   */
  readonly overwriting?: number;
}

export type AmendedClaim = ClaimCommandResult;

/**
 * A staff save, through the claim command handler. Steps: check everything; reserve a new
 * claim number; store the letter; append the letter and the amendment together; release
 * the claim's old number. A failed append releases the reservation and deletes a letter
 * this save stored.
 *
 * A save based on an old version is refused when another save changed the claim since
 * (StaleVersionError); customer events meanwhile commute, so losing the append race to one
 * decides again on a fresh read.
 */
export async function amendClaim(
  ports: ClaimPorts,
  input: AmendClaimInput,
  staff: StaffMember,
  context: CommandContext,
): Promise<AmendedClaim> {
  const letter =
    input.decisionLetter && (await inspectFiles(ports.inspector, [input.decisionLetter]))[0];
  return handleClaimCommand(
    ports.eventStore,
    input.submissionId,
    (stream) => decide(stream, input, letter, staff, context),
    context,
    {
      // A save with a letter stores an object first: it always decides on a read stream.
      firstRead: letter ? 'read' : 'trust-appended',
      prepare: [
        reservingNewClaimNumber(ports.eventStore, context),
        storingObjects(ports, (events) => letterObjects(events, input.decisionLetter, letter)),
      ],
      complete: [releasingOldClaimNumber(ports.eventStore, context)],
    },
  );
}

function decide(
  stream: ClaimStream,
  input: AmendClaimInput,
  letter: InspectedFile | undefined,
  staff: StaffMember,
  context: CommandContext,
): ClaimEvent[] {
  const { submissionId } = input;
  existingClaim(stream.state, submissionId);
  if (input.readVersion !== 'latest') checkReadVersion(stream, input.readVersion);
  const readVersion = input.readVersion === 'latest' ? claimVersion(stream) : input.readVersion;
  const overriding =
    input.overwriting === undefined
      ? undefined
      : overriddenChanges(stream, input.overwriting, readVersion, staff.email);
  return decideClaim(
    {
      type: 'AmendClaim',
      data: { submissionId, changes: input.changes, decisionLetter: letter, staff, overriding },
    },
    stream.state,
    { now: context.now },
  );
}

/** The letter as uploaded, sealed, and beside it the rendition staff and the claimant are shown. */
function letterObjects(
  events: readonly ClaimEvent[],
  file: UploadedFile | undefined,
  inspected: InspectedUpload | undefined,
): ObjectToStore[] {
  const upload = events.find(
    (event): event is DecisionLetterUploaded => event.type === 'DecisionLetterUploaded',
  );
  if (!upload || !file) return [];
  const files = [{ bytes: file.bytes, renditionBytes: inspected?.renditionBytes }];
  return withRenditions([upload.data], files, () => DECISION_LETTER_LIMITS.contentType);
}
