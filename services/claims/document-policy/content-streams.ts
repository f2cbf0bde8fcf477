import { constants, inflateSync } from 'node:zlib';
import { decodePDFRawStream, type PDFContext, PDFName, PDFRawStream } from 'pdf-lib';

/**
 * Content streams inflate to at most this much in all (decision 126). A renderer inflates
 * every page's streams to draw it; 700 streams of 4 MiB of zeros each took a staff browser
 * past 3.8 GB. Real documents use a few MiB; this is far above that.
 */
const MAX_CONTENT_STREAM_BYTES = 64 * 1024 * 1024;

const FLATE = PDFName.of('FlateDecode');
const IMAGE = PDFName.of('Image');

/**
 * Whether every stream a renderer would inflate to draw the pages (all but images, which the
 * pixel cap bounds) stays within `cap` bytes in all. Flate is inflated natively, each stream
 * stopped at what is left of the cap, so a bomb costs at most the cap; other filters go
 * through pdf-lib's decoders, capped per stream (pdf-policy). A stream none can decode is
 * one no renderer draws either, so it counts for nothing.
 */
export function contentStreamsWithin(context: PDFContext, cap = MAX_CONTENT_STREAM_BYTES): boolean {
  let total = 0;
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.get(PDFName.of('Subtype')) === IMAGE) continue;
    total += inflatedLength(object, cap - total);
    if (total > cap) return false;
  }
  return true;
}

/** The stream's decoded length, or `left + 1` as soon as it passes `left`. */
function inflatedLength(stream: PDFRawStream, left: number): number {
  const filter = stream.dict.get(PDFName.of('Filter'));
  if (filter === undefined) return stream.contents.byteLength;
  if (filter === FLATE) {
    try {
      // Sync flush: a truncated stream gives what it holds, as renderers read it.
      return inflateSync(stream.contents, {
        maxOutputLength: Math.max(1, left + 1),
        finishFlush: constants.Z_SYNC_FLUSH,
      }).byteLength;
    } catch (error) {
      return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? left + 1 : 0;
    }
  }
  try {
    return decodePDFRawStream(stream).decode().byteLength;
  } catch {
    // A stream no decoder here can measure (a filter pdf-lib lacks, such as JBIG2 or one that
    // does not exist, or past the per-stream cap) counts as over: MuPDF may know the filter and
    // inflate it unbounded, so what cannot be measured is not drawn (decision 142).
    return left + 1;
  }
}
