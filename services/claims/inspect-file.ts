import { createHash } from 'node:crypto';
import type { InspectedFile } from '@contracts/claims/documents';
import { detectDocumentType } from '@contracts/documents/detect-document-type';
import type { UploadedFile } from '@contracts/documents/document-storage';
import { isWellFormed } from './document-structure';

/** Longest file name kept for display; storage keys never use the name (they are hashes). */
export const MAX_FILE_NAME_LENGTH = 255;

/** The name as the claimant typed it, in one Unicode form (NFC), trimmed and capped. */
export function displayFileName(name: string): string {
  return [...name.normalize('NFC').trim()].slice(0, MAX_FILE_NAME_LENGTH).join('');
}

/**
 * What a file is by its bytes, whatever its name or the sender's declared type say: the
 * type its first bytes claim, kept only when the file parses as that type.
 */
export async function inspectFile(file: UploadedFile): Promise<InspectedFile> {
  const claimed = detectDocumentType(file.bytes);
  const contentType = claimed && (await isWellFormed(file.bytes, claimed)) ? claimed : undefined;
  return {
    fileName: displayFileName(file.fileName),
    size: file.bytes.byteLength,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    contentType,
  };
}
