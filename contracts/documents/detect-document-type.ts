/**
 * What a document is, decided by its first bytes: a file name or a browser's declared type
 * is what the sender claims, the bytes are what the reader will open. No Node-only imports:
 * the browser uses this too, to refuse a file before uploading it.
 */
export const ACCEPTED_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type AcceptedDocumentType = (typeof ACCEPTED_DOCUMENT_TYPES)[number];

const SIGNATURES: Readonly<Record<AcceptedDocumentType, readonly number[]>> = {
  // %PDF-
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

const EXTENSIONS: Readonly<Record<AcceptedDocumentType, readonly string[]>> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
};

function startsWithSignature(bytes: Uint8Array, signature: readonly number[]): boolean {
  // A file that is nothing but the signature has no content to open.
  if (bytes.length <= signature.length) return false;
  return signature.every((byte, index) => bytes[index] === byte);
}

/** The accepted type the bytes are, or undefined for anything else (executables, text, empty). */
export function detectDocumentType(bytes: Uint8Array): AcceptedDocumentType | undefined {
  return ACCEPTED_DOCUMENT_TYPES.find((type) => startsWithSignature(bytes, SIGNATURES[type]));
}

function extensionOf(fileName: string): string | undefined {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? undefined : fileName.slice(dot + 1).toLowerCase();
}

/** Whether the file name's extension is one of the type's (case-insensitive). */
export function extensionMatchesType(fileName: string, type: AcceptedDocumentType): boolean {
  const extension = extensionOf(fileName);
  return extension !== undefined && EXTENSIONS[type].includes(extension);
}
