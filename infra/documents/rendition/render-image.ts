import sharp from 'sharp';

export interface ImageRenditionCaps {
  /** libvips refuses to decode an image of more pixels (width × height). */
  readonly maxInputPixels: number;
  readonly maxSidePixels: number;
}

const DEFAULT_IMAGE_CAPS: ImageRenditionCaps = {
  maxInputPixels: 40_000_000,
  maxSidePixels: 4000,
};

export type ImageRendition =
  | {
      readonly ok: true;
      readonly bytes: Uint8Array;
      readonly contentType: 'image/png' | 'image/jpeg';
    }
  | { readonly ok: false; readonly reason: 'unreadable' };

/**
 * The pixels of the first frame, encoded anew: a baseline JPEG for a JPEG, else a PNG. Only
 * decoded pixels are written, so chunks, comments, extra frames, scans and metadata (EXIF
 * location) do not survive. Run in the inspection pool at upload (decision 126).
 */
export async function renderImage(
  bytes: Uint8Array,
  caps: ImageRenditionCaps = DEFAULT_IMAGE_CAPS,
): Promise<ImageRendition> {
  try {
    const image = sharp(bytes, {
      limitInputPixels: caps.maxInputPixels,
      animated: false,
      failOn: 'error',
    })
      .rotate() // applies the EXIF orientation before the metadata is dropped
      .resize({
        width: caps.maxSidePixels,
        height: caps.maxSidePixels,
        fit: 'inside',
        withoutEnlargement: true,
      });
    const { format } = await sharp(bytes, { limitInputPixels: caps.maxInputPixels }).metadata();
    if (format === 'jpeg') {
      const jpeg = await image.jpeg({ quality: 85, progressive: false, mozjpeg: false }).toBuffer();
      return { ok: true, bytes: new Uint8Array(jpeg), contentType: 'image/jpeg' };
    }
    const png = await image.png({ progressive: false }).toBuffer();
    return { ok: true, bytes: criticalChunksOnly(png), contentType: 'image/png' };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

/** The chunks a PNG needs to show its pixels; the encoder's own (pHYs) are left out too. */
const CRITICAL = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

function criticalChunksOnly(png: Buffer): Uint8Array {
  const kept: Buffer[] = [png.subarray(0, 8)];
  for (let at = 8; at + 12 <= png.length; ) {
    const end = at + 12 + png.readUInt32BE(at);
    if (CRITICAL.has(png.toString('ascii', at + 4, at + 8))) kept.push(png.subarray(at, end));
    at = end;
  }
  return new Uint8Array(Buffer.concat(kept));
}
