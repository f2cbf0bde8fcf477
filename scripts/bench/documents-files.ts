import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** A page of scan: grey noise, which compresses as badly as a real scan's paper grain. */
async function noisePage(width: number, height: number, quality: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height);
  for (let index = 0; index < pixels.length; index += 1) {
    pixels[index] = 150 + Math.floor(Math.random() * 90);
  }
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .jpeg({ quality })
    .toBuffer();
}

/**
 * A scanned document as claimants send them: `pages` letter-size pages, each one JPEG image,
 * about `bytes` in all (the bench's 4 MB 10-page PDF).
 */
export async function scannedPdf(pages: number, bytes: number): Promise<Uint8Array> {
  const perPage = bytes / pages;
  let quality = 90;
  let page = await noisePage(900, 1165, quality);
  while (page.length > perPage && quality > 10) {
    quality -= 5;
    page = await noisePage(900, 1165, quality);
  }
  const pdf = await PDFDocument.create();
  for (let index = 0; index < pages; index += 1) {
    const image = await pdf.embedJpg(await noisePage(900, 1165, quality));
    pdf.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  }
  return pdf.save();
}

/** A typed document: `pages` pages of text, as a word processor exports them. */
export async function textPdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    const page = pdf.addPage([612, 792]);
    for (let line = 0; line < 45; line += 1) {
      page.drawText(
        `Page ${index + 1}, line ${line + 1}: the claimant's statement of employment.`,
        {
          x: 54,
          y: 740 - line * 15,
          size: 10,
          font,
        },
      );
    }
  }
  return pdf.save();
}

/** A phone photo: a 3000 × 4000 JPEG. */
export const photoJpeg = () => noisePage(3000, 4000, 80);
