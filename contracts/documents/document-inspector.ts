import type { AcceptedDocumentType } from './detect-document-type';

/**
 * Why a file whose first bytes claim an accepted type is still refused (decision 049):
 * - `activeContent`: a PDF that carries scripts, launch actions, embedded files, XFA forms or
 *   rich media;
 * - `polyglot`: a file that is also another format (HTML, a ZIP archive, data after the end);
 * - `tooComplex`: over a cap while checking it (page-tree depth or shared nodes, inflated
 *   size, the memory or time a check may take);
 * - `tooManyPixels`: an image over `IMAGE_MAX_PIXELS`;
 * - `notCheckedInTime`: still waiting for a free worker when its request's deadline passed
 *   (the file may be fine: the portal was busy).
 */
export const DOCUMENT_REFUSALS = [
  'activeContent',
  'polyglot',
  'tooComplex',
  'tooManyPixels',
  'notCheckedInTime',
] as const;
export type DocumentRefusal = (typeof DOCUMENT_REFUSALS)[number];

/** What a file's bytes are: an accepted type, or none, with the reason when one is known. */
export type DocumentVerdict =
  | { readonly contentType: AcceptedDocumentType; readonly refusal?: undefined }
  | { readonly contentType: undefined; readonly refusal?: DocumentRefusal };

/** 50 megapixels: a 8000 × 6000 scan passes, a 60000 × 60000 "image" of 35 KB does not. */
export const IMAGE_MAX_PIXELS = 50_000_000;

/**
 * The port that judges uploaded bytes. Its adapter runs the checks off the event loop, each
 * file under a memory cap and a deadline, and one call's files under a deadline of their own.
 */
export interface DocumentInspector {
  /** One verdict per file, in order. */
  inspect(files: readonly Uint8Array[]): Promise<DocumentVerdict[]>;
}
