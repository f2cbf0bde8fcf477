import { constants, inflateSync } from 'node:zlib';

/**
 * What the raw bytes of a PDF show before any parser builds objects from them: where its
 * streams are, the names written outside them, and whether it is also another format.
 * Text is read as latin1 so that one character is one byte.
 */

export interface RawStream {
  /** The dictionary text between `obj` and `stream`, name escapes (`#4A`) decoded. */
  readonly dict: string;
  readonly start: number;
  readonly end: number;
}

/** More streams than this in at most 4 MB is a file built to be slow to read. */
const MAX_STREAMS = 50_000;
const MAX_DICT_CHARS = 8 * 1024;

const STREAM_KEYWORD = /\bstream(?:\r\n|\n|\r)/g;

/** `#xx` escapes in names decoded, in either letter case (pdf-lib decodes only capitals). */
const decodeNameEscapes = (text: string) =>
  text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );

function streamEnd(text: string, start: number, dict: string): number {
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
  if (length) {
    const end = start + Number(length[1]);
    if (/^\s*endstream/.test(text.slice(end, end + 32))) return end;
  }
  const found = text.indexOf('endstream', start);
  return found < 0 ? text.length : found;
}

/** Every `stream … endstream` body with its dictionary; undefined past `MAX_STREAMS`. */
export function rawStreams(text: string): RawStream[] | undefined {
  const streams: RawStream[] = [];
  STREAM_KEYWORD.lastIndex = 0;
  for (let match = STREAM_KEYWORD.exec(text); match; match = STREAM_KEYWORD.exec(text)) {
    if (streams.length >= MAX_STREAMS) return undefined;
    // Looking back a bounded way keeps this linear; a dictionary longer than that is still
    // capped when pdf-lib decodes its stream.
    const before = text.slice(Math.max(0, match.index - MAX_DICT_CHARS), match.index);
    const objectStart = before.lastIndexOf('obj');
    const dict = decodeNameEscapes(objectStart < 0 ? before : before.slice(objectStart + 3));
    const start = match.index + match[0].length;
    const end = streamEnd(text, start, dict);
    streams.push({ dict, start, end });
    STREAM_KEYWORD.lastIndex = Math.max(end, start);
  }
  return streams;
}

/** The text with every stream body blanked: what is left is objects, names and strings. */
export function outsideStreams(text: string, streams: readonly RawStream[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const stream of streams) {
    parts.push(text.slice(at, stream.start));
    at = stream.end;
  }
  parts.push(text.slice(at));
  return parts.join(' ');
}

const NAME = /\/([^\s/<>[\](){}%]+)/g;

/** Every name written in `text` (without its slash), escapes decoded. */
export function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(NAME)) names.add(decodeNameEscapes(match[1] as string));
  return names;
}

/** Streams a parser must inflate just to read the objects: object streams and xref streams. */
const isStructuralStream = (stream: RawStream) => /\/Type\s*\/(?:ObjStm|XRef)\b/.test(stream.dict);

/** Whether a stream's filters are none or Flate alone: the one filter we inflate under a cap. */
const isFlateOrPlain = (stream: RawStream) => {
  const filters = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>]+)/.exec(stream.dict)?.[1];
  if (!filters) return true;
  const names = [...filters.matchAll(/\/([^\s/[\]<>]+)/g)].map((m) => m[1]);
  return names.every((name) => name === 'FlateDecode' || name === 'Fl');
};

export class InflateCapExceeded extends Error {}

/**
 * The structural streams inflated, their total capped at `maxBytes`: a few KB that inflate
 * to a gigabyte stop at the cap instead of filling memory. A stream that fails to inflate
 * is left to the parser (which then refuses the file or reads what it can).
 */
export function inflateStructuralStreams(
  bytes: Buffer,
  streams: readonly RawStream[],
  maxBytes: number,
): string[] {
  let budget = maxBytes;
  const inflated: string[] = [];
  for (const stream of streams.filter(isStructuralStream)) {
    if (!isFlateOrPlain(stream))
      throw new InflateCapExceeded('structural stream with another filter');
    if (!/\/Filter/.test(stream.dict)) continue;
    let output: Buffer;
    try {
      output = inflateSync(bytes.subarray(stream.start, stream.end), {
        maxOutputLength: budget + 1,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new InflateCapExceeded('inflated past the cap');
      }
      continue;
    }
    budget -= output.length;
    if (budget < 0) throw new InflateCapExceeded('inflated past the cap');
    inflated.push(output.toString('latin1'));
  }
  return inflated;
}

const HTML_TAG =
  /<(?:!doctype\s+html|html|head|body|script|iframe|frameset|svg|object|embed|meta|link|style|form|img)[\s>/]/i;

const OTHER_FORMATS = [
  'PK\x03\x04',
  'PK\x05\x06',
  'MZ',
  '\x7fELF',
  '\x89PNG',
  '\xff\xd8\xff',
  'GIF8',
  '%!PS',
  '\x1f\x8b',
  'Rar!',
  '7z\xbc\xaf',
  '<',
];

/** A ZIP's end record whose counts agree, or a local header with a central directory entry. */
function holdsZip(text: string): boolean {
  for (let at = text.indexOf('PK\x05\x06'); at >= 0; at = text.indexOf('PK\x05\x06', at + 4)) {
    const record = Buffer.from(text.slice(at, at + 22), 'latin1');
    if (record.length < 22) break;
    const onDisk = record.readUInt16LE(8);
    const total = record.readUInt16LE(10);
    const directorySize = record.readUInt32LE(12);
    if (onDisk === total && total > 0 && directorySize >= 46 * total && directorySize < at)
      return true;
  }
  return text.includes('PK\x03\x04') && text.includes('PK\x01\x02');
}

/** Data after the last `%%EOF` that is another format, or more than a little of anything. */
function trailerIsAnotherFormat(text: string): boolean {
  const eof = text.lastIndexOf('%%EOF');
  if (eof < 0) return false;
  const tail = text.slice(eof + 5).replace(/^[\s\0]+|[\s\0]+$/g, '');
  if (tail.length === 0) return false;
  return tail.length > 1024 || OTHER_FORMATS.some((signature) => tail.startsWith(signature));
}

/**
 * Whether the PDF is also a web page, an archive or carries another file after its end.
 * Tags are looked for where a reader would see text: outside streams and in unfiltered ones
 * (compressed bytes match a short tag by chance now and then).
 */
export function isPolyglot(text: string, streams: readonly RawStream[]): boolean {
  const readable = [
    outsideStreams(text, streams),
    ...streams.filter((s) => !/\/Filter/.test(s.dict)).map((s) => text.slice(s.start, s.end)),
  ];
  return (
    readable.some((part) => HTML_TAG.test(part)) || holdsZip(text) || trailerIsAnotherFormat(text)
  );
}
