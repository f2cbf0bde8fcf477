import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pngChunk } from '@contracts/documents/testing/hostile-documents';
import { sampleJpeg, samplePng } from '@contracts/documents/testing/sample-documents';
import { judgeDocument } from './judge-document';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const KEPT_PNG = { contentType: 'image/png' };
const KEPT_JPEG = { contentType: 'image/jpeg' };
const NOT_AN_IMAGE = { contentType: undefined };
const POLYGLOT = { contentType: undefined, refusal: 'polyglot' };
const TOO_MANY_PIXELS = { contentType: undefined, refusal: 'tooManyPixels' };

interface PngShape {
  readonly width?: number;
  readonly height?: number;
  readonly bitDepth?: number;
  readonly colourType?: number;
  readonly compression?: number;
  readonly filter?: number;
  readonly interlace?: number;
}

function ihdr({
  width = 8,
  height = 8,
  bitDepth = 8,
  colourType = 0,
  compression = 0,
  filter = 0,
  interlace = 0,
}: PngShape): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, colourType, compression, filter, interlace], 8);
  return header;
}

/** A PNG of the given header whose pixel data inflates to `pixelBytes` zero bytes. */
function png(shape: PngShape, pixelBytes: number, more: { before?: Buffer[] } = {}): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    ...(more.before ?? []),
    pngChunk('IHDR', ihdr(shape)),
    pngChunk('IDAT', deflateSync(Buffer.alloc(pixelBytes))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the PNG policy: kept only when every chunk is whole and the pixels are all there', () => {
  it('counts the bytes of a colour row by its channels (RGB 2 × 1: a filter byte and 6 samples)', async () => {
    expect(await judgeDocument(png({ width: 2, height: 1, colourType: 2 }, 7))).toEqual(KEPT_PNG);
    expect(await judgeDocument(png({ width: 2, height: 1, colourType: 2 }, 3))).toEqual(
      NOT_AN_IMAGE,
    );
  });

  it('counts the seven Adam7 passes of an interlaced PNG, empty passes included', async () => {
    // 8 × 8 grey: passes of 1×1, 1×1, 2×1, 2×2, 4×2, 4×4 and 8×4 samples, a filter byte a row.
    expect(await judgeDocument(png({ interlace: 1 }, 79))).toEqual(KEPT_PNG);
    expect(await judgeDocument(png({ interlace: 1 }, 72))).toEqual(NOT_AN_IMAGE);
    // 3 × 3 grey: passes 2, 3 and their rows are empty (no filter byte for an empty row).
    expect(await judgeDocument(png({ width: 3, height: 3, interlace: 1 }, 15))).toEqual(KEPT_PNG);
    expect(await judgeDocument(png({ width: 3, height: 3, interlace: 1 }, 16))).toEqual(
      NOT_AN_IMAGE,
    );
  });

  it('refuses a header that is not a PNG header', async () => {
    const refused: PngShape[] = [
      { width: 0 },
      { height: 0 },
      { colourType: 2, bitDepth: 4 },
      { colourType: 5 },
      { compression: 1 },
      { filter: 1 },
      { interlace: 2 },
    ];
    for (const shape of refused) {
      expect(await judgeDocument(png(shape, 72)), JSON.stringify(shape)).toEqual(NOT_AN_IMAGE);
    }
    // With no rows or no columns there are no pixels to miss: only the header check refuses it.
    expect(await judgeDocument(png({ width: 0 }, 0))).toEqual(NOT_AN_IMAGE);
    expect(await judgeDocument(png({ height: 0 }, 0))).toEqual(NOT_AN_IMAGE);
    const longHeader = Buffer.concat([
      PNG_SIGNATURE,
      pngChunk('IHDR', Buffer.concat([ihdr({}), Buffer.alloc(1)])),
      pngChunk('IDAT', deflateSync(Buffer.alloc(72))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await judgeDocument(longHeader)).toEqual(NOT_AN_IMAGE);
  });

  it('wants the header first: a header-shaped chunk of another type does not count', async () => {
    const impostor = pngChunk('tEXt', ihdr({}));
    expect(await judgeDocument(png({}, 72, { before: [impostor] }))).toEqual(NOT_AN_IMAGE);
  });

  it('inflates only the pixel chunks: a text chunk is read past', async () => {
    expect(await judgeDocument(samplePng(8, 8, 200, 'a note'))).toEqual(KEPT_PNG);
  });

  it('refuses a broken chunk: a wrong checksum, a length past the end, a type not of letters', async () => {
    const good = samplePng(8, 8);
    const badChecksum = Buffer.from(good);
    const crcAt = good.length - 13; // the last byte of the IDAT checksum
    badChecksum[crcAt] = (badChecksum[crcAt] as number) ^ 0xff;
    expect(await judgeDocument(badChecksum)).toEqual(NOT_AN_IMAGE);
    const tooLong = Buffer.from(good);
    tooLong.writeUInt32BE(10_000, 33); // the IDAT length
    expect(await judgeDocument(tooLong)).toEqual(NOT_AN_IMAGE);
    const digits = Buffer.concat([
      good.subarray(0, 33),
      pngChunk('1234', Buffer.alloc(2)),
      good.subarray(33),
    ]);
    expect(await judgeDocument(digits)).toEqual(NOT_AN_IMAGE);
    expect(await judgeDocument(good.subarray(0, good.length - 12))).toEqual(NOT_AN_IMAGE);
  });

  it('refuses pixel data that is not zlib at all', async () => {
    const garbled = Buffer.concat([
      PNG_SIGNATURE,
      pngChunk('IHDR', ihdr({})),
      pngChunk('IDAT', Buffer.from('not zlib at all', 'latin1')),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await judgeDocument(garbled)).toEqual(NOT_AN_IMAGE);
  });

  it('keeps zero padding after the end, and an image of exactly the pixel cap', async () => {
    expect(await judgeDocument(Buffer.concat([samplePng(8, 8), Buffer.alloc(16)]))).toEqual(
      KEPT_PNG,
    );
    const atTheCap = await judgeDocument(png({ width: 10_000, height: 5_000 }, 72));
    expect(atTheCap).toEqual(NOT_AN_IMAGE);
    expect(await judgeDocument(png({ width: 10_000, height: 5_001 }, 72))).toEqual(TOO_MANY_PIXELS);
  });
});

/** A marker segment: the marker, its length (itself included) and its payload. */
const segment = (marker: number, payload: readonly number[] = []) => {
  const length = payload.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...payload];
};
const frame = (height: number, width: number, marker = 0xc0) =>
  segment(marker, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
const startOfScan = segment(0xda, [1, 1, 0, 0, 63, 0]);
const SOI = [0xff, 0xd8];
const EOI = [0xff, 0xd9];
const SCAN_DATA = [0x12, 0x34];
const jpeg = (...parts: (readonly number[])[]) => Buffer.from(parts.flat());

describe('the JPEG policy: markers well formed, a frame, then scan data', () => {
  it('keeps a minimal JPEG: a frame, a scan and its end', async () => {
    expect(await judgeDocument(jpeg(SOI, frame(16, 16), startOfScan, SCAN_DATA, EOI))).toEqual(
      KEPT_JPEG,
    );
  });

  it('takes every SOF marker for a frame, and the tables that share their range for none', async () => {
    for (const marker of [0xc1, 0xc2, 0xcf]) {
      const kept = jpeg(SOI, frame(16, 16, marker), startOfScan, SCAN_DATA, EOI);
      expect(await judgeDocument(kept), marker.toString(16)).toEqual(KEPT_JPEG);
    }
    for (const marker of [0xc4, 0xc8, 0xcc]) {
      const table = segment(marker, Array(12).fill(0));
      const kept = jpeg(SOI, table, frame(16, 16), startOfScan, SCAN_DATA, EOI);
      expect(await judgeDocument(kept), marker.toString(16)).toEqual(KEPT_JPEG);
    }
  });

  it('reads past fill bytes, standalone markers and short segments', async () => {
    const comment = [...segment(0xfe), ...segment(0xbf)];
    const standalone = [0xff, 0x01, 0xff, 0xd0, 0xff, 0xd7];
    const fill = [0xff, 0xff];
    expect(
      await judgeDocument(
        jpeg(SOI, comment, standalone, fill, frame(16, 16), startOfScan, SCAN_DATA, EOI),
      ),
    ).toEqual(KEPT_JPEG);
  });

  it('reads the scan through stuffed bytes and restart markers', async () => {
    const scan = [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd7, 0x78];
    expect(await judgeDocument(jpeg(SOI, frame(16, 16), startOfScan, scan, EOI))).toEqual(
      KEPT_JPEG,
    );
  });

  it('ends the scan at the first marker that is not a restart, a stuffed byte or a fill byte', async () => {
    const filledStuffing = [0x12, 0xff, 0xff, 0x00, 0x34];
    expect(await judgeDocument(jpeg(SOI, frame(16, 16), startOfScan, filledStuffing, EOI))).toEqual(
      KEPT_JPEG,
    );
    const brokenTable = [0xff, 0xc4, 0x00, 0xff];
    expect(
      await judgeDocument(jpeg(SOI, frame(16, 16), startOfScan, SCAN_DATA, brokenTable, EOI)),
    ).toEqual(NOT_AN_IMAGE);
  });

  it('refuses a frame with no rows or no columns, or too short to hold them', async () => {
    for (const [height, width] of [
      [0, 16],
      [16, 0],
    ] as const) {
      const empty = jpeg(SOI, frame(height, width), startOfScan, SCAN_DATA, EOI);
      expect(await judgeDocument(empty), `${height} × ${width}`).toEqual(NOT_AN_IMAGE);
    }
    const shortFrame = segment(0xc0, [8, 0, 16, 0, 16]);
    expect(await judgeDocument(jpeg(SOI, shortFrame, startOfScan, SCAN_DATA, EOI))).toEqual(
      NOT_AN_IMAGE,
    );
    const justLongEnough = segment(0xc0, [8, 0, 16, 0, 16, 1]);
    expect(await judgeDocument(jpeg(SOI, justLongEnough, startOfScan, SCAN_DATA, EOI))).toEqual(
      KEPT_JPEG,
    );
  });

  it('refuses a scan before any frame, a scan with no data, and a file cut short', async () => {
    const scanFirst = jpeg(SOI, startOfScan, SCAN_DATA, frame(16, 16), EOI);
    expect(await judgeDocument(scanFirst)).toEqual(NOT_AN_IMAGE);
    expect(await judgeDocument(jpeg(SOI, frame(16, 16), startOfScan, EOI))).toEqual(NOT_AN_IMAGE);
    const whole = jpeg(SOI, frame(16, 16), startOfScan, SCAN_DATA, EOI);
    for (const cut of [3, 5, 8, 14]) {
      expect(await judgeDocument(whole.subarray(0, cut)), `cut at ${cut}`).toEqual(NOT_AN_IMAGE);
    }
    const notAMarker = jpeg(SOI, frame(16, 16), [0x00, 0xe0, 0, 2], startOfScan, SCAN_DATA, EOI);
    expect(await judgeDocument(notAMarker)).toEqual(NOT_AN_IMAGE);
  });

  it('keeps a frame of exactly the pixel cap and refuses one pixel row more', async () => {
    const atTheCap = jpeg(SOI, frame(5_000, 10_000), startOfScan, SCAN_DATA, EOI);
    expect(await judgeDocument(atTheCap)).toEqual(KEPT_JPEG);
    const over = jpeg(SOI, frame(5_001, 10_000), startOfScan, SCAN_DATA, EOI);
    expect(await judgeDocument(over)).toEqual(TOO_MANY_PIXELS);
  });

  it('keeps more pictures or zeros after the end, and refuses a tail that only looks like a JPEG', async () => {
    const picture = sampleJpeg();
    expect(await judgeDocument(Buffer.concat([picture, Buffer.alloc(8)]))).toEqual(KEPT_JPEG);
    expect(await judgeDocument(Buffer.concat([picture, picture, Buffer.alloc(3)]))).toEqual(
      KEPT_JPEG,
    );
    const lookalikes = [
      [0xfe, 0xd8, 0x00, 0xff, 0xd9],
      [0xff, 0xd7, 0x00, 0xff, 0xd9],
      [0xff, 0xd8, 0x00, 0xfe, 0xd9],
      [0xff, 0xd8, 0x00, 0xff, 0xd8],
    ];
    for (const tail of lookalikes) {
      const file = Buffer.concat([picture, Buffer.from(tail)]);
      expect(await judgeDocument(file), tail.join(',')).toEqual(POLYGLOT);
    }
  });
});

describe('judging a file by its bytes', () => {
  it('gives no type to bytes of no known type', async () => {
    const page = Buffer.from('plain text, not a document: <html><script>x</script>');
    expect(await judgeDocument(page)).toStrictEqual(NOT_AN_IMAGE);
  });
});
