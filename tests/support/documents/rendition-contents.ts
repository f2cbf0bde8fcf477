import * as mupdf from 'mupdf';

/**
 * What a served rendition holds, read from its bytes (issue 45's acceptance): a test states
 * that none of a hostile file survives by parsing what the portal serves, not by trusting it.
 */

/** PNG chunk types in order. */
export function pngChunkTypes(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes);
  const types: string[] = [];
  for (let at = 8; at + 8 <= buffer.length; ) {
    types.push(buffer.toString('ascii', at + 4, at + 8));
    at += 12 + buffer.readUInt32BE(at);
  }
  return types;
}

/** JPEG markers (the byte after 0xFF) of every segment, scans' entropy-coded data skipped. */
export function jpegMarkers(bytes: Uint8Array): number[] {
  const buffer = Buffer.from(bytes);
  const markers: number[] = [];
  let at = 2;
  while (at + 4 <= buffer.length) {
    const marker = buffer[at + 1] as number;
    markers.push(marker);
    if (marker === 0xd9) break;
    at += 2 + buffer.readUInt16BE(at + 2);
    if (marker !== 0xda) continue;
    // Entropy-coded data runs to the next marker that is not a stuffed byte or a restart.
    while (at + 1 < buffer.length) {
      const next = buffer[at + 1] as number;
      if (buffer[at] === 0xff && next !== 0 && (next < 0xd0 || next > 0xd7)) break;
      at += 1;
    }
  }
  return markers;
}

/** Names that make a PDF act rather than show, and structures a rendition must not carry. */
const ACTIVE =
  /\/(JavaScript|JS|OpenAction|AA|URI|Launch|SubmitForm|ImportData|GoToR|GoToE|EmbeddedFiles?|XFA|AcroForm|RichMedia)\b/;

export interface PdfContents {
  readonly pages: number;
  /** Every name that makes a PDF act, found anywhere in the bytes. */
  readonly activeNames: readonly string[];
  /** XObject subtypes the pages draw; a rendition draws only images. */
  readonly xobjectSubtypes: readonly string[];
  /** Filters other than those an image-only PDF uses. */
  readonly otherFilters: readonly string[];
  readonly hasZip: boolean;
}

/** Every object of the PDF as MuPDF parsed it (those inside object streams too), as text. */
function objectsText(document: mupdf.PDFDocument): string {
  const parts = [document.getTrailer().toString()];
  for (let number = 1; number < document.countObjects(); number += 1) {
    parts.push(document.newIndirect(number).resolve().toString());
  }
  return parts.join('\n');
}

export function pdfContents(bytes: Uint8Array): PdfContents {
  const document = mupdf.Document.openDocument(bytes, 'application/pdf') as mupdf.PDFDocument;
  const text = `${Buffer.from(bytes).toString('latin1')}\n${objectsText(document)}`;
  const subtypes: string[] = [];
  for (let index = 0; index < document.countPages(); index += 1) {
    const page = document.loadPage(index) as mupdf.PDFPage;
    const resources = page.getObject().getInheritable('Resources');
    if (!resources?.isDictionary()) continue;
    const xobjects = resources.get('XObject');
    if (!xobjects?.isDictionary()) continue;
    xobjects.forEach((value: mupdf.PDFObject) => {
      subtypes.push(String(value.get('Subtype').asName()));
    });
  }
  const filters = [...text.matchAll(/\/Filter\s*\/(\w+)/g)].map((match) => match[1] as string);
  return {
    pages: document.countPages(),
    activeNames: [...text.matchAll(new RegExp(ACTIVE, 'g'))].map((match) => match[0]),
    xobjectSubtypes: subtypes,
    otherFilters: filters.filter((filter) => !['FlateDecode', 'DCTDecode'].includes(filter)),
    hasZip: text.includes(`PK${String.fromCharCode(3, 4)}`),
  };
}
