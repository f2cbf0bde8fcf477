import { createRequire } from 'node:module';
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
} from 'pdf-lib';
import type { DocumentVerdict } from '@contracts/documents/document-inspector';
import { IMAGE_MAX_PIXELS } from '@contracts/documents/document-inspector';
import {
  InflateCapExceeded,
  inflateStructuralStreams,
  isPolyglot,
  namesIn,
  outsideStreams,
  rawStreams,
} from './pdf-bytes';
import { contentStreamsWithin } from './content-streams';

/** Caps of decision 049: far above what real documents need, far below what hurts. */
const PDF_CAPS = {
  /** Object and xref streams inflate to at most this much in all. */
  maxInflatedBytes: 32 * 1024 * 1024,
  /** Real page trees are a few levels deep; bombs nest 20 or more. */
  maxPageTreeDepth: 16,
  maxPages: 10_000,
  maxObjects: 500_000,
} as const;

/** The caps one judgement runs under: `PDF_CAPS`, or smaller ones in a test. */
type PdfCaps = { readonly [cap in keyof typeof PDF_CAPS]: number };

/** Names that make a PDF do something when opened, rather than show something. */
const ACTIVE_CONTENT_NAMES: ReadonlySet<string> = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'XFA',
  'RichMedia',
  'GoToE',
]);

const PDF: DocumentVerdict = { contentType: 'application/pdf' };
const NOT_A_PDF: DocumentVerdict = { contentType: undefined };
const refused = (refusal: 'activeContent' | 'polyglot' | 'tooComplex' | 'tooManyPixels') =>
  ({ contentType: undefined, refusal }) as const satisfies DocumentVerdict;

const hasActiveName = (names: Iterable<string>) => {
  for (const name of names) if (ACTIVE_CONTENT_NAMES.has(name)) return true;
  return false;
};

class CapExceeded extends Error {}

interface DecodeStreamPrototype {
  ensureBuffer(this: unknown, requested: number): Uint8Array;
  capped?: true;
}

/**
 * Every decoder of pdf-lib (Flate, LZW, ASCII85, …) grows its output through one method: capped
 * there, no stream pdf-lib decodes (object streams, xref streams) can inflate past the cap,
 * whatever the raw scan missed. pdf-lib does not export the class; its CommonJS build, the
 * one Node loads, is patched once per thread.
 */
/** Set when a decoder hit the cap: pdf-lib rethrows errors from inside its parser as its own. */
let decodingCapHit = false;
/** The cap of the parse under way: one per thread like the flag (a worker judges one file at once). */
let decodingCap: number = PDF_CAPS.maxInflatedBytes;

function capPdfLibDecoding(): void {
  const require = createRequire(import.meta.url);
  const decodeStream = require('pdf-lib/cjs/core/streams/DecodeStream.js') as {
    default: { prototype: DecodeStreamPrototype };
  };
  const prototype = decodeStream.default.prototype;
  if (prototype.capped) return;
  const ensureBuffer = prototype.ensureBuffer;
  prototype.ensureBuffer = function (requested: number) {
    if (requested > decodingCap) {
      decodingCapHit = true;
      throw new CapExceeded('decoded past the cap');
    }
    return ensureBuffer.call(this, requested);
  };
  prototype.capped = true;
}
capPdfLibDecoding();

/** Every name in the parsed objects (those of object streams too), walked without recursion. */
function* parsedNames(context: PDFContext, caps: PdfCaps): Generator<string> {
  const stack: PDFObject[] = context.enumerateIndirectObjects().map(([, object]) => object);
  if (stack.length > caps.maxObjects) throw new CapExceeded('too many objects');
  let visited = 0;
  while (stack.length > 0) {
    const object = stack.pop() as PDFObject;
    visited += 1;
    if (visited > caps.maxObjects * 4) throw new CapExceeded('too many values');
    if (object instanceof PDFName) yield object.decodeText();
    else if (object instanceof PDFArray) stack.push(...object.asArray());
    else if (object instanceof PDFStream) stack.push(object.dict);
    else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        yield key.decodeText();
        stack.push(value);
      }
    }
  }
}

/** Image XObjects declaring more pixels than an uploaded image may have. */
function hasOversizedImage(context: PDFContext): boolean {
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFStream)) continue;
    const { dict } = object;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    // Looked up: a size written as a reference (`/Width 6 0 R`) is one to a renderer too.
    const width = Number(context.lookup(dict.get(PDFName.of('Width')))?.toString() ?? 0);
    const height = Number(context.lookup(dict.get(PDFName.of('Height')))?.toString() ?? 0);
    if (width * height > IMAGE_MAX_PIXELS) return true;
  }
  return false;
}

/**
 * Pages counted by walking the tree once, each node at most once: a node reached twice (a
 * shared or cyclic kid, what page-tree bombs repeat) or a tree too deep is over the caps.
 */
function countPages(context: PDFContext, root: PDFObject | undefined, caps: PdfCaps): number {
  const seen = new Set<PDFObject>();
  const stack: { readonly node: PDFObject | undefined; readonly depth: number }[] = [
    { node: root, depth: 1 },
  ];
  let pages = 0;
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: PDFObject | undefined; depth: number };
    const dict = node instanceof PDFRef ? context.lookup(node) : node;
    if (!(dict instanceof PDFDict)) continue;
    if (seen.has(dict)) throw new CapExceeded('page tree node reached twice');
    seen.add(dict);
    const type = dict.get(PDFName.of('Type'));
    if (type === PDFName.of('Page')) {
      pages += 1;
      if (pages > caps.maxPages) throw new CapExceeded('too many pages');
      continue;
    }
    if (depth >= caps.maxPageTreeDepth) throw new CapExceeded('page tree too deep');
    const kids = context.lookup(dict.get(PDFName.of('Kids')));
    if (!(kids instanceof PDFArray)) continue;
    if (stack.length + kids.size() > caps.maxPages * 4) throw new CapExceeded('too many kids');
    for (const kid of kids.asArray()) stack.push({ node: kid, depth: depth + 1 });
  }
  return pages;
}

async function parse(bytes: Uint8Array, cap: number): Promise<PDFDocument | undefined> {
  decodingCapHit = false;
  decodingCap = cap;
  try {
    return await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
  } catch (error) {
    if (error instanceof CapExceeded || decodingCapHit)
      throw new CapExceeded('decoded past the cap');
    return undefined;
  }
}

/**
 * A PDF is kept when it parses, has at least one page, does nothing when opened and is
 * nothing else besides (decision 049). Checks on the raw bytes come first: they are cheap and
 * they keep bombs away from the parser.
 */
export async function judgePdf(
  bytes: Uint8Array,
  caps: PdfCaps = PDF_CAPS,
): Promise<DocumentVerdict> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  const streams = rawStreams(text);
  if (!streams) return refused('tooComplex');
  if (isPolyglot(text, streams)) return refused('polyglot');
  if (hasActiveName(namesIn(outsideStreams(text, streams)))) return refused('activeContent');
  try {
    const inflated = inflateStructuralStreams(buffer, streams, caps.maxInflatedBytes);
    if (inflated.some((part) => hasActiveName(namesIn(part)))) return refused('activeContent');
    const document = await parse(bytes, caps.maxInflatedBytes);
    if (!document) return NOT_A_PDF;
    if (hasActiveName(parsedNames(document.context, caps))) return refused('activeContent');
    if (hasOversizedImage(document.context)) return refused('tooManyPixels');
    if (!contentStreamsWithin(document.context)) return refused('tooComplex');
    // pdf-lib's catalog is whatever the trailer's /Root names: nothing, when it names none.
    const catalog: unknown = document.catalog;
    if (!(catalog instanceof PDFDict)) return NOT_A_PDF;
    const root = catalog.get(PDFName.of('Pages'));
    return countPages(document.context, root, caps) > 0 ? PDF : NOT_A_PDF;
  } catch (error) {
    if (error instanceof CapExceeded || error instanceof InflateCapExceeded) {
      return refused('tooComplex');
    }
    throw error;
  }
}
