import { imageSize } from 'image-size';
import { PDFDocument } from 'pdf-lib';
import type { AcceptedDocumentType } from '@contracts/documents/detect-document-type';

const PNG_END = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
const JPEG_END = [0xff, 0xd9];

function endsWith(bytes: Uint8Array, tail: readonly number[]): boolean {
  let end = bytes.length;
  // Some encoders pad a file with zero bytes after its end marker.
  while (end > 0 && bytes[end - 1] === 0x00 && tail.at(-1) !== 0x00) end -= 1;
  if (end < tail.length) return false;
  return tail.every((byte, index) => bytes[end - tail.length + index] === byte);
}

function imageHasSize(bytes: Uint8Array): boolean {
  try {
    const { width, height } = imageSize(bytes);
    return (width ?? 0) > 0 && (height ?? 0) > 0;
  } catch {
    return false;
  }
}

async function pdfHasPages(bytes: Uint8Array): Promise<boolean> {
  try {
    const document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
    return document.getPageCount() > 0;
  } catch {
    return false;
  }
}

/**
 * Whether a file really is what its first bytes claim (issue 13): a PDF a parser opens with
 * at least one page; an image whose header gives a size and whose end marker is there, so a
 * header glued to garbage, a truncated image or an unparsable PDF is refused.
 */
export async function isWellFormed(
  bytes: Uint8Array,
  type: AcceptedDocumentType,
): Promise<boolean> {
  switch (type) {
    case 'application/pdf':
      return pdfHasPages(bytes);
    case 'image/png':
      return imageHasSize(bytes) && endsWith(bytes, PNG_END);
    case 'image/jpeg':
      return imageHasSize(bytes) && endsWith(bytes, JPEG_END);
    default: {
      const unreachable: never = type;
      return unreachable;
    }
  }
}
