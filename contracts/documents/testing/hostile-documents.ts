import { crc32, createDeflate, deflateSync } from 'node:zlib';
import { sampleJpeg, samplePng } from './sample-documents';

/**
 * Hostile files made on the spot for the tests of decision 049: page-tree bombs, a flate
 * bomb, PDFs that act when opened, polyglots, dimension bombs and an image with no pixels.
 * Each is small; what makes it hostile is what a naive reader does with it.
 */

type Body = string | Buffer;

/** A PDF of the given objects (numbered from 1, object 1 the catalog) with a correct xref. */
export function buildPdf(
  objects: readonly Body[],
  options: { afterHeader?: Body; afterEnd?: Body } = {},
): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  if (options.afterHeader) parts.push(toBuffer(options.afterHeader));
  const offsets: number[] = [];
  let length = parts.reduce((sum, part) => sum + part.length, 0);
  objects.forEach((object, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      toBuffer(object),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  if (options.afterEnd) parts.push(toBuffer(options.afterEnd));
  return Buffer.concat(parts);
}

const toBuffer = (body: Body) => (typeof body === 'string' ? Buffer.from(body, 'latin1') : body);

export const pdfStream = (dict: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);

const CONTENT = 'BT /F1 18 Tf 72 720 Td (Hello) Tj ET';

/** A plain one-page PDF; `catalogExtra` and `pageExtra` add entries, `more` adds objects from 5 on. */
export function onePagePdf(
  options: {
    catalogExtra?: string;
    pageExtra?: string;
    more?: readonly Body[];
    afterHeader?: Body;
    afterEnd?: Body;
  } = {},
): Buffer {
  return buildPdf(
    [
      `<< /Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ''} >>`,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ${options.pageExtra ?? ''} >>`,
      pdfStream('', Buffer.from(CONTENT, 'latin1')),
      ...(options.more ?? []),
    ],
    options,
  );
}

/**
 * The page tree of issue 25: each level's node lists the next level's node twice, so a reader
 * that walks the tree visits 2^depth pages from a file of about 2 KB.
 */
export function pageTreeBomb(depth: number): Buffer {
  const objects: Body[] = ['<< /Type /Catalog /Pages 2 0 R >>'];
  for (let level = 0; level < depth; level += 1) {
    const self = level + 2;
    const parent = level === 0 ? '' : `/Parent ${self - 1} 0 R `;
    objects.push(
      `<< /Type /Pages ${parent}/Kids [${self + 1} 0 R ${self + 1} 0 R] /Count ${2 ** (depth - level)} >>`,
    );
  }
  const leaf = depth + 2;
  objects.push(
    `<< /Type /Page /Parent ${leaf - 1} 0 R /MediaBox [0 0 612 792] /Contents ${leaf + 1} 0 R >>`,
  );
  objects.push(pdfStream('', Buffer.from(CONTENT, 'latin1')));
  return buildPdf(objects);
}

const BOMB_HEADER = '5 0 ';

const objectStreamBomb = (packed: Buffer, dictPadding = '') =>
  onePagePdf({
    more: [
      pdfStream(
        `/Type /ObjStm /N 1 /First ${BOMB_HEADER.length} /Filter /FlateDecode${dictPadding}`,
        packed,
      ),
    ],
  });

/**
 * Issue 25's bomb: an object stream of about 1 MB that inflates to 1 GB, deflated in
 * pieces so that the test never holds the gigabyte (about 3 s).
 */
export async function gigabyteFlateBomb(inflatedMb = 1024): Promise<Buffer> {
  const deflate = createDeflate({ level: 9, memLevel: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const megabyte = Buffer.alloc(1024 * 1024, 0x20);
  deflate.write(Buffer.from(`${BOMB_HEADER}<< /Padding true >>`, 'latin1'));
  for (let written = 0; written < inflatedMb; written += 1) {
    if (!deflate.write(megabyte)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return objectStreamBomb(Buffer.concat(chunks));
}

/** An object stream whose few KB inflate to `inflatedBytes` of padding around one object. */
export function flateBomb(inflatedBytes = 128 * 1024 * 1024, dictPadding = ''): Buffer {
  const header = BOMB_HEADER;
  const body = Buffer.alloc(inflatedBytes, 0x20);
  body.write(`${header}<< /Padding true >>`, 0, 'latin1');
  return objectStreamBomb(deflateSync(body, { level: 1 }), dictPadding);
}

/** PDFs that act when opened, one per kind of active content of decision 049. */
export function activeContentPdfs(): Record<string, Buffer> {
  const jsInObjectStream = (() => {
    const header = '6 0 ';
    const object = "<< /S /JavaScript /JS (app.alert('hi')) >>";
    const packed = deflateSync(Buffer.from(`${header}${object}`, 'latin1'));
    return onePagePdf({
      catalogExtra: '/OpenAction 6 0 R',
      more: [pdfStream(`/Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode`, packed)],
    });
  })();
  return {
    'open-action-launch.pdf': onePagePdf({
      catalogExtra: '/OpenAction << /S /Launch /F (cmd.exe) >>',
    }),
    'javascript.pdf': onePagePdf({
      catalogExtra:
        '/Names << /JavaScript << /Names [(x) << /S /JavaScript /JS (app.alert(1)) >>] >> >>',
    }),
    'escaped-javascript.pdf': onePagePdf({
      catalogExtra: '/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >>',
    }),
    'javascript-in-object-stream.pdf': jsInObjectStream,
    'embedded-file.pdf': onePagePdf({
      catalogExtra: '/Names << /EmbeddedFiles << /Names [(a.exe) 5 0 R] >> >>',
      more: [
        '<< /Type /Filespec /F (a.exe) /EF << /F 6 0 R >> >>',
        pdfStream('/Type /EmbeddedFile', Buffer.from('MZ payload', 'latin1')),
      ],
    }),
    'xfa-form.pdf': onePagePdf({
      catalogExtra: '/AcroForm << /Fields [] /XFA 5 0 R >>',
      more: [
        pdfStream('', Buffer.from('<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"/>', 'latin1')),
      ],
    }),
    'rich-media.pdf': onePagePdf({
      pageExtra: '/Annots [<< /Type /Annot /Subtype /RichMedia /Rect [0 0 10 10] >>]',
    }),
  };
}

/** A ZIP archive holding one stored file. */
export function tinyZip(name = 'payload.txt', content = 'hello'): Buffer {
  const data = Buffer.from(content, 'latin1');
  const fileName = Buffer.from(name, 'latin1');
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localPart = Buffer.concat([local, fileName, data]);
  const centralPart = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

/** Files that are a PDF and something else. */
export function polyglotPdfs(): Record<string, Buffer> {
  return {
    'pdf-html.pdf': onePagePdf({
      afterHeader: '%<html><body><script>alert(document.domain)</script></body></html>\n',
    }),
    'pdf-html-after-end.pdf': onePagePdf({
      afterEnd: '<!DOCTYPE html><html><script>alert(1)</script>',
    }),
    'pdf-zip.pdf': onePagePdf({ afterEnd: tinyZip() }),
    'pdf-zip-inside.pdf': onePagePdf({ more: [pdfStream('', tinyZip())] }),
  };
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG declaring width × height RGBA pixels whose data is a few KB of zeros (issue 25: 60000 × 60000). */
export function pngDimensionBomb(width = 60_000, height = 60_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The sample JPEG with its frame header saying width × height. */
export function jpegDimensionBomb(width = 65_000, height = 65_000): Buffer {
  const jpeg = Buffer.from(sampleJpeg());
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, frame + 5);
  jpeg.writeUInt16BE(width, frame + 7);
  return jpeg;
}

/** The sample JPEG without its scan: headers, tables and an end marker, no pixels. */
export function scanlessJpeg(): Buffer {
  const jpeg = Buffer.from(sampleJpeg());
  const scan = jpeg.indexOf(Buffer.from([0xff, 0xda]));
  return Buffer.concat([jpeg.subarray(0, scan), Buffer.from([0xff, 0xd9])]);
}

/** A PDF whose one image declares 60000 × 60000 pixels. */
export function pdfImageDimensionBomb(): Buffer {
  return onePagePdf({
    pageExtra: '/Resources << /XObject << /Im1 5 0 R >> >>',
    more: [
      pdfStream(
        '/Type /XObject /Subtype /Image /Width 60000 /Height 60000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode',
        deflateSync(Buffer.alloc(1024)),
      ),
    ],
  });
}

/** A PNG whose pixel data is shorter than its header declares. */
export function shortPixelsPng(): Buffer {
  const png = samplePng(64, 64);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(64, 0);
  header.writeUInt32BE(128, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const ihdrAt = 8;
  return Buffer.concat([
    png.subarray(0, ihdrAt),
    pngChunk('IHDR', header),
    png.subarray(ihdrAt + 25),
  ]);
}

/** A one-page PDF padded with `count` small objects: legal, and slow and large for a parser. */
export function manyObjectsPdf(count: number): Buffer {
  const filler = Array.from({ length: count }, (_, index) => `<< /N ${index} /A [1 2 3] >>`);
  return onePagePdf({ more: filler });
}
