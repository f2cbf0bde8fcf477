import type { Claimant } from '@contracts/claims/events';
import type { UploadedFile } from '@contracts/documents/document-storage';
import type { LogPosition } from '@contracts/event-store';
import type { CommandContext } from '../shared/command-context';
import { type ClaimStream, earlierAttempt, readClaimStream } from './claim-stream';
import { decideAdditionalDocuments } from './decide-additional-documents';
import { handleClaimCommand } from './handle-claim-command';
import { inspectFiles, withRenditions } from './inspect-file';
import type { ClaimPorts } from './ports';
import { discardUnreferenced, storeClaimObjects } from './stored-objects';

export interface AddedDocuments {
  readonly submissionId: string;
  readonly position: LogPosition | undefined;
  readonly appended: boolean;
}

/**
 * Adds a batch of documents to one of the claimant's own claims. Another customer's claim
 * is not found, and nothing is stored for it. The files are stored once, after a first
 * decision; adding documents commutes with any other write, so losing the append race
 * decides again on a fresh read (the limits then count the winner's documents too).
 */
export async function addAdditionalDocuments(
  ports: ClaimPorts,
  input: { readonly submissionId: string; readonly files: readonly UploadedFile[] },
  claimant: Claimant,
  context: CommandContext,
): Promise<AddedDocuments> {
  const { submissionId, files } = input;
  const stream = await readClaimStream(ports.eventStore, submissionId);
  const earlier = earlierAttempt(stream, context);
  if (earlier) return { submissionId, position: earlier.position, appended: false };

  const documents = await inspectFiles(ports.inspector, files);
  const decide = (current: ClaimStream) =>
    decideAdditionalDocuments(
      {
        type: 'AddAdditionalDocuments',
        data: { submissionId, customerId: claimant.customerId, documents },
      },
      current.state,
      { now: context.now },
    );
  const uploads = files.map((file, index) => ({
    bytes: file.bytes,
    renditionBytes: documents[index]?.renditionBytes,
  }));
  const objects = withRenditions(
    decide(stream)[0].data.documents,
    uploads,
    (document) => document.contentType,
  );
  const created = await storeClaimObjects(ports, submissionId, objects);
  try {
    const result = await handleClaimCommand(ports.eventStore, submissionId, decide, context);
    return { submissionId, position: result.position, appended: result.appended };
  } catch (error) {
    await discardUnreferenced(ports, submissionId, created);
    throw error;
  }
}
