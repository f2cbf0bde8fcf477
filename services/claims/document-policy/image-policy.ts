import { createInflate, crc32 } from 'node:zlib';
import { type DocumentVerdict, IMAGE_MAX_PIXELS } from '@contracts/documents/document-inspector';

/**
 * Images are kept when they decode: every PNG chunk whole with its checksum, its pixel data
 * inflating to exactly the size its header declares; a JPEG's markers well formed, with a
 * frame header and scan data. Both under the pixel cap, read before anything is inflated.
 */

const NOT_AN_IMAGE: DocumentVerdict = { contentType: undefined };
const TOO_MANY_PIXELS: DocumentVerdict = { contentType: undefined, refusal: 'tooManyPixels' };
const POLYGLOT: DocumentVerdict = { contentType: undefined, refusal: 'polyglot' };

const onlyZeros = (bytes: Uint8Array) => bytes.every((byte) => byte === 0);

interface PngHeader {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colourType: number;
  readonly interlaced: boolean;
}

const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

function readPngHeader(data: Buffer): PngHeader | undefined {
  if (data.length !== 13) return undefined;
  const header = {
    width: data.readUInt32BE(0),
    height: data.readUInt32BE(4),
    bitDepth: data[8] as number,
    colourType: data[9] as number,
    interlaced: data[12] === 1,
  };
  const depthOk = DEPTHS[header.colourType]?.includes(header.bitDepth) ?? false;
  const methodsOk = data[10] === 0 && data[11] === 0 && (data[12] as number) <= 1;
  return header.width > 0 && header.height > 0 && depthOk && methodsOk ? header : undefined;
}

const rowBytes = (width: number, header: PngHeader) =>
  width === 0
    ? 0
    : 1 + Math.ceil((width * header.bitDepth * (CHANNELS[header.colourType] as number)) / 8);

/** What the pixel data inflates to: a filter byte and the packed samples of each row (of each Adam7 pass). */
function expectedPixelBytes(header: PngHeader): number {
  const { width, height } = header;
  if (!header.interlaced) return height * rowBytes(width, header);
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ] as const;
  return passes.reduce((sum, [x0, y0, dx, dy]) => {
    const columns = Math.ceil(Math.max(0, width - x0) / dx);
    const rows = Math.ceil(Math.max(0, height - y0) / dy);
    return sum + rows * rowBytes(columns, header);
  }, 0);
}

/** Inflates in chunks that are counted and dropped: the image is decoded, never held whole. */
function inflatesTo(parts: readonly Buffer[], expected: number): Promise<boolean> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > expected) {
        inflate.destroy();
        resolve(false);
      }
    });
    inflate.on('error', () => resolve(false));
    inflate.on('end', () => resolve(total === expected));
    for (const part of parts) inflate.write(part);
    inflate.end();
  });
}

export async function judgePng(bytes: Uint8Array): Promise<DocumentVerdict> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  let header: PngHeader | undefined;
  const pixelData: Buffer[] = [];
  for (;;) {
    if (at + 12 > buffer.length) return NOT_AN_IMAGE;
    const length = buffer.readUInt32BE(at);
    const type = buffer.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > buffer.length || !/^[A-Za-z]{4}$/.test(type)) {
      return NOT_AN_IMAGE;
    }
    const data = buffer.subarray(at + 8, at + 8 + length);
    if (crc32(buffer.subarray(at + 4, at + 8 + length)) !== buffer.readUInt32BE(end - 4)) {
      return NOT_AN_IMAGE;
    }
    if (at === 8) {
      header = type === 'IHDR' ? readPngHeader(data) : undefined;
      if (!header) return NOT_AN_IMAGE;
      if (header.width * header.height > IMAGE_MAX_PIXELS) return TOO_MANY_PIXELS;
    } else if (type === 'IDAT') pixelData.push(data);
    at = end;
    if (type === 'IEND') break;
  }
  if (!header || pixelData.length === 0) return NOT_AN_IMAGE;
  // Zero padding after the end happens; anything else is another file riding along.
  if (!onlyZeros(buffer.subarray(at))) return POLYGLOT;
  return (await inflatesTo(pixelData, expectedPixelBytes(header)))
    ? { contentType: 'image/png' }
    : NOT_AN_IMAGE;
}

const isFrameHeader = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** Length of the entropy-coded data from `at`: up to the next marker that is not a restart or a stuffed 0xFF. */
function scanLength(buffer: Buffer, at: number): number {
  let index = at;
  while (index + 1 < buffer.length) {
    if (buffer[index] === 0xff) {
      const next = buffer[index + 1] as number;
      if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
    }
    index += 1;
  }
  return index - at;
}

/** Cameras append more pictures after the first (MPF): JPEGs up to the file's own end marker. */
function isMoreJpeg(tail: Buffer): boolean {
  let end = tail.length;
  while (end > 0 && tail[end - 1] === 0) end -= 1;
  return tail[0] === 0xff && tail[1] === 0xd8 && tail[end - 2] === 0xff && tail[end - 1] === 0xd9;
}

export function judgeJpeg(bytes: Uint8Array): DocumentVerdict {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  let pixels = 0;
  let scans = 0;
  for (;;) {
    if (at + 2 > buffer.length || buffer[at] !== 0xff) return NOT_AN_IMAGE;
    const marker = buffer[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      at += 2;
      break;
    }
    if (isStandalone(marker)) {
      at += 2;
      continue;
    }
    if (at + 4 > buffer.length) return NOT_AN_IMAGE;
    const length = buffer.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > buffer.length) return NOT_AN_IMAGE;
    if (isFrameHeader(marker)) {
      if (length < 8) return NOT_AN_IMAGE;
      const height = buffer.readUInt16BE(at + 5);
      const width = buffer.readUInt16BE(at + 7);
      if (width === 0 || height === 0) return NOT_AN_IMAGE;
      pixels = width * height;
      if (pixels > IMAGE_MAX_PIXELS) return TOO_MANY_PIXELS;
    }
    at = end;
    if (marker === 0xda) {
      if (pixels === 0) return NOT_AN_IMAGE; // a scan before any frame header
      const scanned = scanLength(buffer, at);
      if (scanned > 0) scans += 1;
      at += scanned;
    }
  }
  if (pixels === 0 || scans === 0) return NOT_AN_IMAGE;
  if (!onlyZeros(buffer.subarray(at)) && !isMoreJpeg(buffer.subarray(at))) return POLYGLOT;
  return { contentType: 'image/jpeg' };
}
