import type { UploadedFilePayload } from '@contracts/api/uploaded-file';
import type { UploadedFile } from '@contracts/documents/document-storage';

/** Turns the body's data-URL files into bytes; the schema already checked their shape. */
export function toUploadedFiles(files: readonly UploadedFilePayload[]): UploadedFile[] {
  return files.map(({ name, data }) => ({
    fileName: name,
    bytes: new Uint8Array(Buffer.from(data.slice(data.indexOf(',') + 1), 'base64')),
  }));
}
