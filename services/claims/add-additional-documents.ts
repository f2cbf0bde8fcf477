import type { Claimant } from '@contracts/claims/events';
import type { UploadedFile } from '@contracts/documents/document-storage';
import type { LogPosition } from '@contracts/event-store';
import type { CommandContext } from '../shared/command-context';
import { earlierAttempt, readClaimStream } from './claim-stream';
import { decideAdditionalDocuments } from './decide-additional-documents';
import { inspectFiles } from './inspect-file';
import type { ClaimPorts } from './ports';
import { appendWithObjects } from './stored-objects';

export interface AddedDocuments {
  readonly submissionId: string;
  readonly position: LogPosition | undefined;
  readonly appended: boolean;
}

/**
 * Adds a batch of documents to one of the claimant's own claims. Another customer's claim
 * is not found, and nothing is stored for it.
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
  const events = decideAdditionalDocuments(
    {
      type: 'AddAdditionalDocuments',
      data: { submissionId, customerId: claimant.customerId, documents },
    },
    stream.state,
    { now: context.now },
  );
  const objects = events[0].data.documents.map((document, index) => ({
    key: document.key,
    bytes: (files[index] as UploadedFile).bytes,
    contentType: document.contentType,
  }));
  const result = await appendWithObjects(ports, stream, events, objects, context);
  return { submissionId, position: result.position, appended: true };
}
