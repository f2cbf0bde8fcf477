import type { Page } from '@playwright/test';
import { samplePdf, samplePng } from '@contracts/documents/testing/sample-documents';

/** A real one-page PDF saying `text`. */
export const pdfFile = (text: string): Buffer => samplePdf(text);

/** A real width × height PNG, one grey level. */
export const pngFile = (width: number, height: number, grey = 200): Buffer =>
  samplePng(width, height, grey);

/** A real JPEG, encoded by the browser's own encoder from a drawn canvas. */
export async function jpegFile(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.fillStyle = '#e7eef6';
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#0a3a68';
      context.fillRect(w / 4, h / 4, w / 2, h / 2);
      return canvas.toDataURL('image/jpeg', 0.9);
    },
    [width, height] as const,
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
