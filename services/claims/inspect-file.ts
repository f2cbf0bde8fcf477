import { createHash } from 'node:crypto';
import { type InspectedFile, withoutInvisibles } from '@contracts/claims/documents';
import type { DocumentInspector } from '@contracts/documents/document-inspector';
import type { UploadedFile } from '@contracts/documents/document-storage';

/** Longest file name kept for display; storage keys never use the name (they are hashes). */
const MAX_FILE_NAME_LENGTH = 255;

/**
 * The name as the claimant typed it, in one Unicode form (NFC), zero-width characters and
 * direction marks removed, trimmed and capped. Direction controls stay, for the rules to refuse.
 */
function displayFileName(name: string): string {
  return [...withoutInvisibles(name).trim()].slice(0, MAX_FILE_NAME_LENGTH).join('');
}

/**
 * What each file is by its bytes, whatever its name or the sender's declared type say: the
 * inspector (a worker pool with caps, decision 049) judges the bytes; name, size and hash
 * are cheap and taken here.
 */
export async function inspectFiles(
  inspector: DocumentInspector,
  files: readonly UploadedFile[],
): Promise<InspectedFile[]> {
  const verdicts = await inspector.inspect(files.map((file) => file.bytes));
  return files.map((file, index) => {
    const verdict = verdicts[index] ?? { contentType: undefined };
    return {
      fileName: displayFileName(file.fileName),
      size: file.bytes.byteLength,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      contentType: verdict.contentType,
      ...(verdict.refusal ? { refusal: verdict.refusal } : {}),
    };
  });
}
