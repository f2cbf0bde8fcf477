import { createHash } from 'node:crypto';
import type { InitialDocumentKind } from '@contracts/claims/documents';
import type { Claimant, ClaimEvent, ClaimSubmitted } from '@contracts/claims/events';
import type { SubmitClaimRequest } from '@contracts/claims/submit-claim-request';
import type { UploadedFile } from '@contracts/documents/document-storage';
import type { LogPosition } from '@contracts/event-store';
import type { CommandContext } from '../shared/command-context';
import { decideClaim } from './decide-claim';
import { handleClaimCommand } from './handle-claim-command';
import { type InspectedUpload, inspectFiles, withRenditions } from './inspect-file';
import type { ClaimPorts } from './ports';
import { type ObjectToStore, storingObjects } from './stored-objects';

export interface SubmittedClaim {
  readonly submissionId: string;
  readonly confirmationNumber: string;
  readonly position: LogPosition | undefined;
  /** False when this was a retry: the claim was submitted by an earlier attempt. */
  readonly appended: boolean;
}

export interface InitialUpload {
  readonly kind: InitialDocumentKind;
  readonly file: UploadedFile;
}

export interface SubmitClaimInput extends SubmitClaimRequest {
  readonly documents?: readonly InitialUpload[];
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Ten Crockford base-32 characters (50 bits) from the submission id: a retry gets the
 * same number, and a clash is negligible well past millions of claims.
 */
export function confirmationNumberFor(submissionId: string): string {
  const digest = createHash('sha256').update(submissionId).digest();
  let bits = 0n;
  for (const byte of digest.subarray(0, 7)) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let i = 0; i < 10; i += 1) {
    out += CROCKFORD[Number(bits & 31n)];
    bits >>= 5n;
  }
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/**
 * Submits a claim for the claimant the session names (never one from a body). The
 * submission id is the command id, so a retried submission lands on the same stream.
 * Files are checked by their bytes and stored only once every rule passed.
 */
export async function submitClaim(
  ports: ClaimPorts,
  input: SubmitClaimInput,
  claimant: Claimant,
  context: CommandContext,
): Promise<SubmittedClaim> {
  const submissionId = context.commandId;
  const confirmationNumber = confirmationNumberFor(submissionId);
  const submitted = { submissionId, confirmationNumber };
  const { documents: uploads = [], ...request } = input;
  const inspected = await inspectFiles(
    ports.inspector,
    uploads.map(({ file }) => file),
  );
  const documents = inspected.map((file, index) => ({
    ...file,
    kind: (uploads[index] as (typeof uploads)[number]).kind,
  }));
  const result = await handleClaimCommand(
    ports.eventStore,
    submissionId,
    (stream) =>
      decideClaim(
        { type: 'SubmitClaim', data: { ...request, ...submitted, claimant, documents } },
        stream.state,
        { now: context.now },
      ),
    context,
    {
      // A new stream is the rule and a retry the exception: decide and append as new, and
      // read the stream only when the append finds it there (one round trip less). Read,
      // it is this command sent again (its earlier answer lost), or a command id someone
      // else used, which the handler refuses.
      firstRead: 'assume-new',
      prepare: [storingObjects(ports, (events) => objectsOf(events, uploads, inspected))],
    },
  );
  return { ...submitted, position: result.position, appended: result.appended };
}

/** The decider keeps the order of the uploads; each original is stored with its rendition. */
function objectsOf(
  events: readonly ClaimEvent[],
  uploads: readonly InitialUpload[],
  inspected: readonly InspectedUpload[],
): ObjectToStore[] {
  const submitted = events.find(
    (event): event is ClaimSubmitted => event.type === 'ClaimSubmitted',
  );
  const files = uploads.map(({ file }, index) => ({
    bytes: file.bytes,
    renditionBytes: inspected[index]?.renditionBytes,
  }));
  return withRenditions(submitted?.data.documents ?? [], files, (ref) => ref.contentType);
}
