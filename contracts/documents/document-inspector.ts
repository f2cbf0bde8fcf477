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
 *   (the file may be fine: the portal was busy);
 * - `tooManyPages`: a PDF with more pages than a rendition is made of (decision 108);
 * - `renditionFailed`: the file passed the checks but no safe copy could be drawn from it
 *   (decision 126): what cannot be shown as a rendition is not kept.
 */
export const DOCUMENT_REFUSALS = [
  'activeContent',
  'polyglot',
  'tooComplex',
  'tooManyPixels',
  'notCheckedInTime',
  'tooManyPages',
  'renditionFailed',
] as const;
export type DocumentRefusal = (typeof DOCUMENT_REFUSALS)[number];

/** The safe copy of an accepted file (decisions 108 and 126): the only bytes ever shown. */
export interface Rendition {
  readonly bytes: Uint8Array;
  /** An image-only PDF, a PNG or a baseline JPEG. */
  readonly contentType: AcceptedDocumentType;
}

/**
 * What a file's bytes are: an accepted type with its rendition, or none, with the reason when
 * one is known. The policy alone gives no rendition; the inspector adds it.
 */
export type DocumentVerdict =
  | {
      readonly contentType: AcceptedDocumentType;
      readonly refusal?: undefined;
      readonly rendition?: Rendition;
    }
  | {
      readonly contentType: undefined;
      readonly refusal?: DocumentRefusal;
      readonly rendition?: undefined;
    };

/** A PDF's rendition is drawn page by page (decision 108): past this many pages it is refused. */
export const RENDITION_MAX_PAGES = 50;

/** 50 megapixels: a 8000 × 6000 scan passes, a 60000 × 60000 "image" of 35 KB does not. */
export const IMAGE_MAX_PIXELS = 50_000_000;

/**
 * The port that judges uploaded bytes. Its adapter runs the checks off the event loop, each
 * file under a memory cap and a deadline, and one call's files under a deadline of their own.
 */
export interface DocumentInspector {
  /** One verdict per file, in order; an accepted one carries its rendition. */
  inspect(files: readonly Uint8Array[]): Promise<DocumentVerdict[]>;
}
