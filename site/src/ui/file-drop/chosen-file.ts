import { detectDocumentType } from '@contracts/documents/detect-document-type';
import type { CheckedFile } from '@contracts/claims/document-rules';

/**
 * A file a person chose (a claimant's document, a staff decision letter), with what its first
 * bytes say it is (the server decides the same way).
 */
export interface ChosenFile extends CheckedFile {
  readonly file: File;
}

const SIGNATURE_BYTES = 16;

export async function readChosenFile(file: File): Promise<ChosenFile> {
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  return { file, fileName: file.name, size: file.size, contentType: detectDocumentType(head) };
}

export function dataUrlOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
