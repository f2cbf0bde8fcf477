import { claimStreamId } from '@contracts/claims/events';

/** What an export says of itself that its hashes do not cover, so must be checked apart. */
export interface ExportLabels {
  readonly submissionId: string;
  readonly streamId: string;
  readonly events: readonly {
    readonly version: number;
    readonly streamRevision: string;
    readonly eventId: string;
    readonly data: unknown;
    readonly metadata: { readonly eventId: string };
  }[];
}

/** A label of the file that contradicts what its hashed events say; `entry` 0 is the file itself. */
export interface LabelMismatch {
  readonly entry: number;
  readonly field: 'streamId' | 'version' | 'eventId' | 'data.submissionId';
  readonly found: string;
  readonly expected: string;
}

function submissionIdOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('submissionId' in data)) return undefined;
  const value = (data as { submissionId: unknown }).submissionId;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Every event must belong to the exported claim: the stream is the claim's, each event's own
 * `submissionId` (where its data has one) is the claim's, the `eventId` shown is the one its
 * hashed metadata holds, and versions are the stream revisions counted from 1.
 */
export function findLabelMismatch(file: ExportLabels): LabelMismatch | undefined {
  const expectedStream = claimStreamId(file.submissionId);
  if (file.streamId !== expectedStream) {
    return { entry: 0, field: 'streamId', found: file.streamId, expected: expectedStream };
  }
  for (const [index, event] of file.events.entries()) {
    const entry = index + 1;
    const version = String(BigInt(event.streamRevision) + 1n);
    if (String(event.version) !== version) {
      return { entry, field: 'version', found: String(event.version), expected: version };
    }
    if (event.eventId !== event.metadata.eventId) {
      return { entry, field: 'eventId', found: event.eventId, expected: event.metadata.eventId };
    }
    const owner = submissionIdOf(event.data);
    if (owner !== undefined && owner !== file.submissionId) {
      return { entry, field: 'data.submissionId', found: owner, expected: file.submissionId };
    }
  }
  return undefined;
}

export function formatLabelMismatch(mismatch: LabelMismatch): string {
  const where = mismatch.entry === 0 ? 'the file' : `entry ${mismatch.entry} of the file's events`;
  return [
    `FAILED: the export does not describe its own events (${mismatch.field})`,
    `  where:    ${where}`,
    `  found:    ${mismatch.found}`,
    `  expected: ${mismatch.expected}`,
  ].join('\n');
}
