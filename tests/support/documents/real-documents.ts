import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { sampleJpeg, samplePdf, samplePng } from '@contracts/documents/testing/sample-documents';

/**
 * The real documents of the corpus: the kinds decision 049 checked by hand (PNGs in every
 * colour type, bit depth and interlace; baseline, progressive, 4:2:0, grey and CMYK JPEGs;
 * PDFs with and without object and xref streams, with a JPEG or a PNG inside), as libvips and
 * pdf-lib write them, the sample documents every other test uses, and the files kept in
 * tests/fixtures/documents (Chromium's print to PDF). Each must render (decision 126); none
 * is hostile.
 */
export interface RealDocument {
  readonly bytes: Buffer;
  readonly contentType: 'application/pdf' | 'image/png' | 'image/jpeg';
}

/** A receipt-like picture: text and lines, so a rendition has something to show. */
const RECEIPT_SVG = (width: number, height: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="#f4f1ea"/>` +
      `<rect x="8" y="8" width="${width - 16}" height="${height - 16}" fill="none" stroke="#0a3a68" stroke-width="3"/>` +
      `<text x="20" y="40" font-family="sans-serif" font-size="22" fill="#0a3a68">Receipt 2026-11</text>` +
      `<text x="20" y="72" font-family="sans-serif" font-size="16" fill="#333">Total 123.45</text>` +
      `<rect x="20" y="${height - 50}" width="${width / 2}" height="20" fill="#c0392b"/></svg>`,
  );

const picture = (width: number, height: number) => sharp(RECEIPT_SVG(width, height));

const png = async (name: string, make: () => Promise<Buffer>) =>
  [name, { bytes: await make(), contentType: 'image/png' }] as const;
const jpeg = async (name: string, make: () => Promise<Buffer>) =>
  [name, { bytes: await make(), contentType: 'image/jpeg' }] as const;
const pdf = async (name: string, make: () => Promise<Uint8Array>) =>
  [name, { bytes: Buffer.from(await make()), contentType: 'application/pdf' }] as const;

/** A typed letter of `pages` pages, as a word processor's export writes it. */
async function typedLetter(pages: number, useObjectStreams: boolean): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle('Letter of employment');
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    const page = document.addPage([612, 792]);
    for (let line = 0; line < 30; line += 1) {
      page.drawText(`Page ${index + 1}, line ${line + 1}: employed from 2019 to 2026.`, {
        x: 54,
        y: 740 - line * 18,
        size: 11,
        font,
      });
    }
  }
  return document.save({ useObjectStreams });
}

/** A one-page PDF holding `image` (a JPEG or a PNG), as a scanner or a phone app writes it. */
async function imageInPdf(image: Buffer, kind: 'jpeg' | 'png'): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const embedded =
    kind === 'jpeg' ? await document.embedJpg(image) : await document.embedPng(image);
  const page = document.addPage([612, 792]);
  page.drawImage(embedded, { x: 56, y: 300, width: 500, height: 400 });
  return document.save();
}

const FIXTURES = join(import.meta.dirname, '../../fixtures/documents');
const TYPES: Record<string, RealDocument['contentType']> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

/** The files of tests/fixtures/documents that are documents (its README is not). */
async function fixtureFiles() {
  const names = (await readdir(FIXTURES)).filter((name) => TYPES[extname(name)]).sort();
  return Promise.all(
    names.map(
      async (name) =>
        [
          name,
          {
            bytes: await readFile(join(FIXTURES, name)),
            contentType: TYPES[extname(name)] as RealDocument['contentType'],
          },
        ] as const,
    ),
  );
}

/** Every real document, by file name. */
export async function realDocuments(): Promise<Record<string, RealDocument>> {
  const entries = await Promise.all([
    png('sample.png', async () => samplePng(120, 80, 90)),
    png('receipt-rgb.png', () => picture(240, 160).removeAlpha().png().toBuffer()),
    png('receipt-rgba.png', () => picture(240, 160).ensureAlpha(0.8).png().toBuffer()),
    png('receipt-palette.png', () => picture(240, 160).png({ palette: true }).toBuffer()),
    png('receipt-1-bit.png', () => picture(240, 160).png({ palette: true, colours: 2 }).toBuffer()),
    png('receipt-16-bit-grey.png', () =>
      picture(240, 160).removeAlpha().toColourspace('grey16').png().toBuffer(),
    ),
    png('receipt-interlaced.png', () => picture(240, 160).png({ progressive: true }).toBuffer()),
    png('receipt-interlaced-16-bit.png', () =>
      picture(240, 160).toColourspace('grey16').png({ progressive: true }).toBuffer(),
    ),
    jpeg('sample.jpg', async () => sampleJpeg()),
    jpeg('photo-baseline.jpg', () => picture(320, 240).jpeg({ quality: 85 }).toBuffer()),
    jpeg('photo-progressive.jpg', () => picture(320, 240).jpeg({ progressive: true }).toBuffer()),
    jpeg('photo-420-odd-size.jpg', () =>
      picture(333, 251).jpeg({ chromaSubsampling: '4:2:0' }).toBuffer(),
    ),
    jpeg('photo-grey.jpg', () => picture(320, 240).toColourspace('b-w').jpeg().toBuffer()),
    jpeg('photo-cmyk.jpg', () => picture(320, 240).toColourspace('cmyk').jpeg().toBuffer()),
    jpeg('phone-photo-exif.jpg', () =>
      picture(320, 240)
        .jpeg()
        .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Pocket 7' } })
        .toBuffer(),
    ),
    pdf('sample.pdf', async () => samplePdf('a claim form')),
    pdf('letter-object-streams.pdf', () => typedLetter(2, true)),
    pdf('letter-classic-xref.pdf', () => typedLetter(2, false)),
    pdf('scan-jpeg-inside.pdf', async () =>
      imageInPdf(await picture(640, 480).jpeg().toBuffer(), 'jpeg'),
    ),
    pdf('scan-png-inside.pdf', async () =>
      imageInPdf(await picture(640, 480).png().toBuffer(), 'png'),
    ),
  ]);
  return Object.fromEntries([...entries, ...(await fixtureFiles())]);
}
