import { createHash } from 'node:crypto';
import type { InspectedFile } from '@contracts/claims/documents';
import { detectDocumentType } from '@contracts/documents/detect-document-type';
import type { UploadedFile } from '@contracts/documents/document-storage';

/** What a file is by its bytes, whatever its name or the sender's declared type say. */
export function inspectFile(file: UploadedFile): InspectedFile {
  return {
    fileName: file.fileName.trim(),
    size: file.bytes.byteLength,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    contentType: detectDocumentType(file.bytes),
  };
}
