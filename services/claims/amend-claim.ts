import { DECISION_LETTER_LIMITS, type InspectedFile } from '@contracts/claims/documents';
import type { StaffClaimEdit } from '@contracts/claims/commands';
import type {
  ClaimAmendedByStaff,
  ClaimEvent,
  DecisionLetterUploaded,
  StaffMember,
} from '@contracts/claims/events';
import { upcastClaimEvent } from '@contracts/claims/events';
import type { UploadedFile } from '@contracts/documents/document-storage';
import type { EventStore, LogPosition } from '@contracts/event-store';
import type { CommandContext } from '../shared/command-context';
import { type Claim, evolveClaim } from './claim';
import { reserveClaimNumber } from './claim-number-reservations';
import {
  type ClaimStream,
  earlierAttempt,
  eventsOfCommand,
  readClaimStream,
  retryOnClaimChanged,
} from './claim-stream';
import { checkReadVersion, claimVersion, overriddenChanges } from './claim-version';
import { decideAmendment } from './decide-amendment';
import { inspectFiles } from './inspect-file';
import { existingClaim } from './own-claim';
import type { ClaimPorts } from './ports';
import { releaseNumberNotHeld } from './release-number';
import { appendWithObjects, type ObjectToStore } from './stored-objects';

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

export interface AmendedClaim {
  readonly submissionId: string;
  readonly claim: Claim;
  /** The claim's version after the save (its new ETag). */
  readonly version: number;
  readonly position: LogPosition | undefined;
  readonly appended: boolean;
}

/**
 * A staff save. Order: check everything; reserve a new claim number; store the letter;
 * append the letter and the amendment together; release the claim's old number. A failure
 * after the reservation releases it, and deletes a letter this save stored.
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
  return retryOnClaimChanged(() => amendOnce(ports, input, letter, staff, context));
}

async function amendOnce(
  ports: ClaimPorts,
  input: AmendClaimInput,
  letter: InspectedFile | undefined,
  staff: StaffMember,
  context: CommandContext,
  // A save with a letter stores an object first: it always decides on a read stream.
  trustAppended = !letter,
): Promise<AmendedClaim> {
  const { submissionId } = input;
  const stream = await readClaimStream(ports.eventStore, submissionId, { trustAppended });
  if (stream.appendedHere) {
    // Decided on this process's own last save without a read: only an append confirms
    // it. Anything else (a retry, a stale version, nothing to change, a refusal) is
    // decided again on a read stream, as it would have been.
    const events = decisionToAppend(stream, input, letter, staff, context);
    if (!events) return amendOnce(ports, input, letter, staff, context, false);
    return save(ports, stream, events, input, context);
  }
  const earlier = earlierAttempt(stream, context);
  if (earlier) {
    await releaseOldNumber(ports.eventStore, retriedAmendment(stream, context), context);
    const version = claimVersion(stream);
    return {
      submissionId,
      claim: stream.state,
      version,
      position: earlier.position,
      appended: false,
    };
  }
  return save(ports, stream, decide(stream, input, letter, staff, context), input, context);
}

function decide(
  stream: ClaimStream,
  input: AmendClaimInput,
  letter: InspectedFile | undefined,
  staff: StaffMember,
  context: CommandContext,
): readonly ClaimEvent[] {
  const { submissionId } = input;
  existingClaim(stream.state, submissionId);
  if (input.readVersion !== 'latest') checkReadVersion(stream, input.readVersion);
  const readVersion = input.readVersion === 'latest' ? claimVersion(stream) : input.readVersion;
  const overriding =
    input.overwriting === undefined
      ? undefined
      : overriddenChanges(stream, input.overwriting, readVersion, staff.email);
  return decideAmendment(
    {
      type: 'AmendClaim',
      data: { submissionId, changes: input.changes, decisionLetter: letter, staff, overriding },
    },
    stream.state,
    { now: context.now },
  );
}

/** The events to append on a stream not read, or undefined when it must be read first. */
function decisionToAppend(
  stream: ClaimStream,
  input: AmendClaimInput,
  letter: InspectedFile | undefined,
  staff: StaffMember,
  context: CommandContext,
): readonly ClaimEvent[] | undefined {
  if (eventsOfCommand(stream, context.commandId).length > 0) return undefined;
  try {
    const events = decide(stream, input, letter, staff, context);
    return events.length > 0 ? events : undefined;
  } catch {
    return undefined;
  }
}

async function save(
  ports: ClaimPorts,
  stream: ClaimStream,
  events: readonly ClaimEvent[],
  input: AmendClaimInput,
  context: CommandContext,
): Promise<AmendedClaim> {
  const amended = events.find(isAmendment);
  const upload = events.find(isLetterUpload);
  const objects: ObjectToStore[] =
    upload && input.decisionLetter ? [letterObject(upload, input.decisionLetter)] : [];
  const newNumber = amended?.data.changes.claimNumber?.to;
  const { submissionId } = stream;
  const result = await withReservedNumber(ports.eventStore, newNumber, submissionId, context, () =>
    appendWithObjects(ports, stream, events, objects, context),
  );
  const claim = events.reduce(evolveClaim, stream.state);
  await releaseOldNumber(ports.eventStore, amended, context);
  return {
    submissionId,
    claim,
    version: claimVersion(stream) + events.length,
    position: result.position,
    appended: true,
  };
}

const isAmendment = (event: ClaimEvent): event is ClaimAmendedByStaff =>
  event.type === 'ClaimAmendedByStaff';
const isLetterUpload = (event: ClaimEvent): event is DecisionLetterUploaded =>
  event.type === 'DecisionLetterUploaded';

function letterObject(upload: DecisionLetterUploaded, file: UploadedFile): ObjectToStore {
  return {
    key: upload.data.key,
    bytes: file.bytes,
    contentType: DECISION_LETTER_LIMITS.contentType,
  };
}

async function withReservedNumber<T>(
  eventStore: EventStore,
  claimNumber: string | undefined,
  submissionId: string,
  context: CommandContext,
  save: () => Promise<T>,
): Promise<T> {
  if (!claimNumber) return save();
  const reservedNow = await reserveClaimNumber(eventStore, claimNumber, submissionId, context);
  try {
    return await save();
  } catch (error) {
    if (reservedNow) {
      // If even the release fails, the number stays with this claim, which may take it again.
      await releaseNumberNotHeld(eventStore, claimNumber, submissionId, context).catch(() => {});
    }
    throw error;
  }
}

/** A retried save finishes what the first attempt may not have: releasing the old number. */
function retriedAmendment(
  stream: ClaimStream,
  context: CommandContext,
): ClaimAmendedByStaff | undefined {
  return eventsOfCommand(stream, context.commandId).map(upcastClaimEvent).find(isAmendment);
}

async function releaseOldNumber(
  eventStore: EventStore,
  amended: ClaimAmendedByStaff | undefined,
  context: CommandContext,
): Promise<void> {
  const oldNumber = amended?.data.changes.claimNumber?.from;
  if (!amended || !oldNumber) return;
  await releaseNumberNotHeld(eventStore, oldNumber, amended.data.submissionId, context);
}
